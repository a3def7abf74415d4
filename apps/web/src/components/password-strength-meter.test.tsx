// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n/language.ts';
import { testQueryClient } from '../lib/test-query-client.ts';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';

function renderMeter(password: string, { minLength = 8, userInputs = [] as string[] } = {}) {
  const queryClient = testQueryClient({}, minLength);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <PasswordStrengthMeter password={password} userInputs={userInputs} />
    </QueryClientProvider>,
  );
  const live = () => {
    const region = view.container.querySelector('[aria-live="polite"]');
    if (!region) throw new Error('no live region');
    return region;
  };
  const filledBars = () => view.container.querySelectorAll('[data-filled="true"]').length;
  return { ...view, live, filledBars, queryClient };
}

describe('PasswordStrengthMeter', () => {
  afterEach(() => {
    cleanup();
    setLanguage('en');
  });

  it('says nothing and fills no bar for an empty field, but keeps the live region', () => {
    const { live, filledBars } = renderMeter('');
    expect(live().textContent).toBe('');
    expect(filledBars()).toBe(0);
  });

  it('calls a very common password weak and says why', async () => {
    const { live, filledBars } = renderMeter('password1234');
    await waitFor(() => expect(live().textContent).toContain('Strength: weak.'));
    expect(live().textContent).toMatch(/commonly used password|most used passwords|frequently used/);
    expect(filledBars()).toBe(1);
  });

  it('calls a long unusual passphrase strong and fills every bar', async () => {
    const { live, filledBars } = renderMeter('quartz lantern oyster bicycle 47');
    await waitFor(() => expect(live().textContent).toContain('Strength: strong.'));
    expect(filledBars()).toBe(4);
  });

  it('takes the minimum length from the server settings', async () => {
    const { live, rerender, queryClient } = renderMeter('quartz lantern', { minLength: 20 });
    await waitFor(() => expect(live().textContent).toContain('At least 20 characters are needed.'));
    expect(live().textContent).toContain('Strength: weak.');
    rerender(
      <QueryClientProvider client={queryClient}>
        <PasswordStrengthMeter password="quartz lantern oyster bicycle 47" />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(live().textContent).toContain('Strength: strong.'));
    expect(live().textContent).not.toContain('At least');
  });

  it('counts the person’s own name and address as guessable', async () => {
    const { live } = renderMeter('margarethe.vonstein', {
      userInputs: ['Margarethe Vonstein', 'margarethe.vonstein@example.com'],
    });
    await waitFor(() => expect(live().textContent).toContain('Strength: weak.'));
    expect(live().textContent).toContain('Avoid your name and email address.');
  });

  it('speaks the page language', async () => {
    setLanguage('de');
    const { live } = renderMeter('password1234');
    await waitFor(() => expect(live().textContent).toContain('Stärke: schwach.'));
  });
});
