import { GatehouseError } from '@gatehouse/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../i18n/language.ts';
import { refusalWords } from '../../lib/error-messages.ts';
import { DialogForm } from '../form-dialog.tsx';
import { Button } from '../ui/button.tsx';
import { Field } from '../ui/field.tsx';
import { Input } from '../ui/input.tsx';
import { Select } from '../ui/select.tsx';
import type { ApiKeyCalls } from './api-key-calls.ts';
import { DEFAULT_EXPIRY, EXPIRY_CHOICES, type ExpiryChoice, secondsOf } from './expiry-choices.ts';
import { MAX_NAME_LENGTH, usableName } from './name-limits.ts';
import { type KeyScopes, ScopePicker, type ScopeStatements, scopesReady } from './scope-picker.tsx';
import { ShownOnceDialog } from './shown-once-dialog.tsx';

/** Which field a refusal of create belongs to; the others are said above the buttons. */
function fieldOf(error: unknown): 'name' | 'expiry' | 'scopes' | null {
  if (!(error instanceof GatehouseError)) return null;
  if (error.code === 'UNKNOWN_API_KEY_PERMISSION' || error.code === 'API_KEY_PERMISSION_EXCEEDS_ROLE')
    return 'scopes';
  if (error.code === 'INVALID_NAME_LENGTH' || error.code === 'NAME_REQUIRED') return 'name';
  if (error.code.startsWith('EXPIRES_IN_') || error.code === 'KEY_DISABLED_EXPIRATION') return 'expiry';
  if (error.code === 'VALIDATION_ERROR') {
    const path = error.issues?.[0]?.path;
    if (path === 'name') return 'name';
    if (path === 'expiresIn') return 'expiry';
    if (path?.startsWith('permissions')) return 'scopes';
  }
  return null;
}

/**
 * Creates a key: a name, how long it works and what it may do, then the key itself, shown once in the same
 * dialog (ShownOnceDialog). Closing forgets it (the mutation is reset and kept by no cache); the list
 * is read again, and its answers never hold the key.
 */
export function CreateApiKeyDialog({
  calls,
  statements,
  canGrant,
}: {
  calls: ApiKeyCalls;
  /** What a limited key may be given; absent: the organization statements. */
  statements?: ScopeStatements;
  /** Whether the caller may give a key this scope; absent: any (the server decides anyway). */
  canGrant?: (resource: string, action: string) => boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState<ExpiryChoice>(DEFAULT_EXPIRY);
  const [scopes, setScopes] = useState<KeyScopes>(null);
  const usable = usableName(name);
  const create = useMutation({
    mutationFn: (chosen: string) => {
      const expiresIn = secondsOf(expiry);
      return calls.create({
        name: chosen,
        ...(expiresIn === undefined ? {} : { expiresIn }),
        // Full access sends no scopes at all: null or {} would not mean the same to the server.
        ...(scopes === null ? {} : { permissions: scopes }),
      });
    },
    // The answer holds the key: nothing keeps it once the dialog lets go of it.
    gcTime: 0,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: calls.queryKey }),
  });
  const field = create.isError ? fieldOf(create.error) : null;
  const refusal = create.isError ? refusalWords(create.error, t) : null;

  return (
    <ShownOnceDialog
      trigger={<Button>{t('apiKey.create')}</Button>}
      title={t('apiKey.createTitle')}
      description={t('apiKey.createExplain')}
      action={create}
      resets={[
        {
          reset: () => {
            setName('');
            setExpiry(DEFAULT_EXPIRY);
            setScopes(null);
          },
        },
      ]}
      error={field === null ? refusal : null}
      submitLabel={t('apiKey.createSubmit')}
      canSubmit={usable !== null && scopesReady(scopes)}
    >
      <DialogForm
        onSubmit={() => {
          if (usable !== null && scopesReady(scopes) && !create.isPending) create.mutate(usable);
        }}
      >
        <Field
          label={t('apiKey.name')}
          hint={t('apiKey.nameHint')}
          error={field === 'name' ? (refusal ?? undefined) : undefined}
        >
          <Input
            value={name}
            maxLength={MAX_NAME_LENGTH}
            autoComplete="off"
            onChange={(event) => setName(event.target.value)}
          />
        </Field>
        <Field label={t('apiKey.expiry')} error={field === 'expiry' ? (refusal ?? undefined) : undefined}>
          <Select value={expiry} onChange={(event) => setExpiry(event.target.value as ExpiryChoice)}>
            {EXPIRY_CHOICES.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {t(choice.label)}
              </option>
            ))}
          </Select>
        </Field>
        <ScopePicker value={scopes} onChange={setScopes} statements={statements} canGrant={canGrant} />
        {field === 'scopes' && (
          <p role="alert" className="text-sm text-destructive">
            {refusal}
          </p>
        )}
      </DialogForm>
    </ShownOnceDialog>
  );
}
