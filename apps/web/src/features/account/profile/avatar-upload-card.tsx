import { GatehouseError, type User } from '@gatehouse/client';
import { useSession } from '@gatehouse/client/react';
import { useMutation } from '@tanstack/react-query';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import type { MessageKey } from '../../../i18n/en.ts';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { cn } from '../../../lib/cn.ts';
import { errorMessage } from '../../../lib/error-messages.ts';

/** What the server takes (packages/core/src/features/avatar/README.md), checked here first to save a round trip. */
const TYPES = ['image/png', 'image/jpeg', 'image/webp'];
const MAX_BYTES = 1024 * 1024;

/** Refusals that mean something about the picture here; anything else keeps the app-wide words. */
const REFUSALS: Record<string, MessageKey> = {
  PAYLOAD_TOO_LARGE: 'avatar.error.tooLarge',
  UNSUPPORTED_MEDIA_TYPE: 'avatar.error.type',
};

/** Whether `user.image` is a picture uploaded here (served by the server), rather than a link. */
export const isUploadedAvatar = (image: string | null | undefined) =>
  image?.includes('/api/auth/avatar/') === true;

/**
 * Upload a picture (file picker or drag and drop) with a preview, or remove it. The file is checked
 * for type and size here, and by content on the server, whose refusal shows at the field.
 */
export function AvatarUploadCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const { refetch } = useSession();
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);

  // The chosen file's preview lives until the next one (or the card goes away).
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const upload = useMutation({
    mutationFn: async (file: File) => {
      await authClient.uploadAvatar(file);
      await refetch();
    },
    onSuccess: () => {
      setPreview(null);
      toast.success(t('avatar.uploaded'));
    },
    onError: (failure) => {
      setPreview(null);
      const key = failure instanceof GatehouseError ? REFUSALS[failure.code] : undefined;
      setError(key ? t(key) : errorMessage(failure, t));
    },
  });
  const remove = useMutation({
    mutationFn: async () => {
      await authClient.removeAvatar();
      await refetch();
    },
    onSuccess: () => toast.success(t('avatar.removed')),
    onError: (failure) => setError(errorMessage(failure, t)),
  });

  function choose(file: File | undefined) {
    if (!file) return;
    setError(null);
    if (!TYPES.includes(file.type)) return setError(t('avatar.error.type'));
    if (file.size === 0) return setError(t('avatar.error.empty'));
    if (file.size > MAX_BYTES) return setError(t('avatar.error.tooLarge'));
    setPreview(URL.createObjectURL(file));
    upload.mutate(file);
  }

  function onDrop(event: DragEvent<HTMLFieldSetElement>) {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  }

  const busy = upload.isPending || remove.isPending;
  return (
    <Card aria-labelledby="avatar-title">
      <CardHeader>
        <CardTitle id="avatar-title">{t('avatar.title')}</CardTitle>
        <CardDescription>{t('avatar.explain')}</CardDescription>
      </CardHeader>
      <fieldset
        data-testid="avatar-drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'm-0 flex min-w-0 flex-wrap items-center gap-4 rounded-lg border-2 border-dashed border-border p-4',
          dragging && 'border-ring bg-muted',
        )}
      >
        <Avatar src={preview ?? user.image} name={user.name || user.email} className="size-16 text-xl" />
        <div className="min-w-0 flex-1 space-y-2">
          <label htmlFor={inputId} className="block text-sm font-medium">
            {t('avatar.choose')}
          </label>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={TYPES.join(',')}
            disabled={busy}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              choose(event.target.files?.[0]);
              // The same file chosen again after a refusal should be tried again.
              event.target.value = '';
            }}
            className="block w-full max-w-full text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-card file:px-3 file:py-1.5 file:text-sm file:font-medium"
          />
          <p className="text-xs text-muted-foreground">{t('avatar.hint')}</p>
          {error && (
            <p id={errorId} role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
        </div>
        {isUploadedAvatar(user.image) && (
          <Button
            type="button"
            variant="secondary"
            pending={remove.isPending}
            disabled={busy}
            onClick={() => remove.mutate()}
          >
            {t('avatar.remove')}
          </Button>
        )}
      </fieldset>
    </Card>
  );
}
