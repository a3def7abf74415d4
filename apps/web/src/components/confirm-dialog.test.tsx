// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { Button } from './ui/button.tsx';

afterEach(cleanup);

function confirmButton(dialog: ReturnType<typeof within>) {
  return dialog.getByRole('button', { name: 'Delete thing' }) as HTMLButtonElement;
}

function Harness({
  request,
  typedConfirmation,
}: {
  request: () => Promise<unknown>;
  typedConfirmation?: { text: string; ignoreCase?: boolean };
}) {
  const action = useMutation({ mutationFn: request });
  return (
    <ConfirmDialog
      trigger={<Button>Delete thing…</Button>}
      title="Delete the thing?"
      description="It is gone for good."
      confirmLabel="Delete thing"
      action={action}
      errorMessage={(error) => `Refused: ${(error as Error).message}`}
      typedConfirmation={typedConfirmation}
    />
  );
}

async function openDialog(props: Parameters<typeof Harness>[0]) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <Harness {...props} />
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Delete thing…' }));
  return { user, dialog: within(await screen.findByRole('dialog', { name: 'Delete the thing?' })) };
}

describe('ConfirmDialog', () => {
  it('shows the request pending on the confirm button until the server answers', async () => {
    let answer: (value: unknown) => void = () => {};
    const request = vi.fn(() => new Promise((resolve) => (answer = resolve)));
    const { user, dialog } = await openDialog({ request });

    await user.click(confirmButton(dialog));

    const confirm = confirmButton(dialog);
    expect(confirm.getAttribute('aria-busy')).toBe('true');
    expect(confirm.disabled).toBe(true);
    expect(request).toHaveBeenCalledTimes(1);

    answer(undefined);
    await waitFor(() => expect(confirm.getAttribute('aria-busy')).toBeNull());
  });

  it("shows the server's refusal, and forgets it once the dialog is closed", async () => {
    const { user, dialog } = await openDialog({ request: async () => Promise.reject(new Error('in use')) });

    await user.click(confirmButton(dialog));
    expect((await dialog.findByRole('alert')).textContent).toBe('Refused: in use');

    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Delete thing…' }));
    const reopened = within(await screen.findByRole('dialog'));
    expect(reopened.queryByRole('alert')).toBeNull();
  });

  it('keeps confirm disabled until the text is typed, then confirms on Enter', async () => {
    const request = vi.fn(async () => undefined);
    const { user, dialog } = await openDialog({ request, typedConfirmation: { text: 'acme' } });
    const field = dialog.getByLabelText('Type acme to confirm');
    const confirm = confirmButton(dialog);

    expect(confirm.disabled).toBe(true);
    await user.type(field, 'ACME{Enter}');
    expect(confirm.disabled).toBe(true);
    expect(request).not.toHaveBeenCalled();

    await user.clear(field);
    await user.type(field, ' acme {Enter}');
    expect(confirm.disabled).toBe(false);
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('lets the case of the typed text differ when asked to', async () => {
    const { user, dialog } = await openDialog({
      request: async () => undefined,
      typedConfirmation: { text: 'Ada@Example.com', ignoreCase: true },
    });
    await user.type(dialog.getByLabelText('Type Ada@Example.com to confirm'), 'ada@example.com');
    expect(confirmButton(dialog).disabled).toBe(false);
  });
});
