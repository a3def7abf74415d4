// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionRow } from './session-row.tsx';

afterEach(cleanup);

const SESSION = {
  userAgent:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.109 Safari/537.36',
  ipAddress: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-02T10:00:00.000Z',
  expiresAt: '2026-03-09T10:00:00.000Z',
};

describe('SessionRow', () => {
  it('names the browser and system, and says when the address is not known', () => {
    render(<SessionRow session={SESSION} />);
    expect(screen.getByRole('heading', { name: 'Chrome 120 on macOS' })).toBeTruthy();
    expect(screen.getByText('unknown')).toBeTruthy();
    expect(screen.queryByText('Expires')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows the expiry when asked, and a sign-out button described by the device', async () => {
    const onClick = vi.fn();
    render(<SessionRow session={SESSION} showExpiry signOut={{ pending: false, onClick }} />);
    expect(screen.getByText('Expires')).toBeTruthy();

    const button = screen.getByRole('button', { name: 'Sign out' });
    expect(button.getAttribute('aria-describedby')).toBe(screen.getByRole('heading').id);
    await userEvent.setup().click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('shows where the address is when looked up, unknown when not found, nothing when not asked', () => {
    render(
      <SessionRow
        session={SESSION}
        location={{ countryCode: 'US', region: 'California', city: 'Mountain View' }}
      />,
    );
    expect(screen.getByText('Location')).toBeTruthy();
    expect(screen.getByText('Mountain View, California, United States')).toBeTruthy();
    cleanup();
    render(<SessionRow session={SESSION} location={null} />);
    expect(screen.getByText('Location').nextElementSibling?.textContent).toBe('Unknown');
    cleanup();
    render(<SessionRow session={SESSION} />);
    expect(screen.queryByText('Location')).toBeNull();
  });

  it('the session in use says it is active now, not when it was last extended', () => {
    render(<SessionRow session={SESSION} activeNow />);
    expect(screen.getByText('Last active').nextElementSibling?.textContent).toBe('Now');
    cleanup();
    render(<SessionRow session={SESSION} />);
    expect(screen.getByText('Last active').nextElementSibling?.querySelector('time')).toBeTruthy();
  });
});
