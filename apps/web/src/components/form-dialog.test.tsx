// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DialogForm, FormActions, FormDialog } from './form-dialog.tsx';
import { Button } from './ui/button.tsx';
import { Field } from './ui/field.tsx';
import { Input } from './ui/input.tsx';

afterEach(cleanup);

function Harness({
  request,
  locked = false,
  outcome = false,
}: {
  request: (name: string) => Promise<unknown>;
  locked?: boolean;
  outcome?: boolean;
}) {
  const [name, setName] = useState('');
  const save = useMutation({ mutationFn: request });
  return (
    <FormDialog
      trigger={<Button>Rename…</Button>}
      title="Rename the thing"
      description="Pick a new name."
      resets={[{ reset: () => setName('') }, save]}
      locked={locked}
    >
      {outcome ? (
        <p>Saved for good.</p>
      ) : (
        <DialogForm onSubmit={() => save.mutate(name)}>
          <Field label="Name">
            <Input value={name} onChange={(event) => setName(event.target.value)} />
          </Field>
        </DialogForm>
      )}
      <FormActions
        submitLabel="Save"
        canSubmit={name !== ''}
        pending={save.isPending}
        error={save.isError ? `Refused: ${(save.error as Error).message}` : null}
        closeOnly={outcome}
      />
    </FormDialog>
  );
}

async function openDialog(props: Parameters<typeof Harness>[0]) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <Harness {...props} />
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Rename…' }));
  return { user, dialog: within(await screen.findByRole('dialog', { name: 'Rename the thing' })) };
}

const saveButton = (dialog: ReturnType<typeof within>) =>
  dialog.getByRole('button', { name: 'Save' }) as HTMLButtonElement;

describe('FormDialog', () => {
  it('submits on Enter in a field and shows the request pending on the submit button', async () => {
    let answer: (value: unknown) => void = () => {};
    const request = vi.fn(() => new Promise((resolve) => (answer = resolve)));
    const { user, dialog } = await openDialog({ request });

    expect(saveButton(dialog).disabled).toBe(true);
    await user.type(dialog.getByLabelText('Name'), 'Acme{Enter}');

    expect(request).toHaveBeenCalledWith('Acme', expect.anything());
    expect(saveButton(dialog).getAttribute('aria-busy')).toBe('true');
    answer(undefined);
    await waitFor(() => expect(saveButton(dialog).getAttribute('aria-busy')).toBeNull());
  });

  it('forgets what was typed and the refusal once closed', async () => {
    const { user, dialog } = await openDialog({ request: async () => Promise.reject(new Error('taken')) });
    await user.type(dialog.getByLabelText('Name'), 'Acme');
    await user.click(saveButton(dialog));
    expect((await dialog.findByRole('alert')).textContent).toBe('Refused: taken');

    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Rename…' }));
    const reopened = within(await screen.findByRole('dialog'));
    expect((reopened.getByLabelText('Name') as HTMLInputElement).value).toBe('');
    expect(reopened.queryByRole('alert')).toBeNull();
  });

  it('cannot be left while locked', async () => {
    const { user, dialog } = await openDialog({ request: async () => undefined, locked: true });
    const cancel = dialog.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement;
    expect(cancel.disabled).toBe(true);
    expect(saveButton(dialog).getAttribute('aria-busy')).toBe('true');

    await user.keyboard('{Escape}');
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('shows the outcome instead of the form, with Close as the only button', async () => {
    const { dialog } = await openDialog({ request: async () => undefined, outcome: true });
    expect(dialog.getByText('Saved for good.')).toBeTruthy();
    expect(dialog.queryByLabelText('Name')).toBeNull();
    expect(dialog.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(dialog.getAllByRole('button', { name: 'Close' })).toHaveLength(2);
  });
});
