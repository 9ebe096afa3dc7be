import { useReportBusy } from '../../staff/lib/hooks.ts';
import { useAdminMessages } from '../../staff/panel.tsx';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { toast } from '../../../lib/toast.tsx';
import { ApiError, errorText, isSessionError } from '../../staff/api/client.ts';
import { CheckboxField } from '../../staff/components/CheckboxField.tsx';
import { ErrorBanner } from '../../staff/components/ErrorBanner.tsx';
import { TextField } from '../../staff/components/Field.tsx';
import { FormDialog } from '../../staff/components/FormDialog.tsx';
import { ImageField } from '../../staff/components/ImageField.tsx';
import { Thumbnail } from '../../staff/components/Thumbnail.tsx';
import { UploadProgress } from '../../staff/components/UploadProgress.tsx';
import { type FieldErrors, focusFirstError, parseFields, serverFieldErrors, useFieldState } from '../../staff/lib/form.ts';
import { usePanel } from '../../staff/panel.tsx';
import { useSaveGame } from '../api/games.ts';
import { type EditedGame, GAME_FIELD_IDS, GAME_FIELDS, type GameField, gameFormSchema, initialGameValues, toGameFormData } from '../lib/game-form.ts';


export type GameDialogState = { kind: 'closed' } | { kind: 'create' } | { kind: 'edit'; game: EditedGame };

/** "Create New Game" / "Edit Game": name, Roblox place id and icon. */
export function GameFormDialog({ state, onClose, onSaved }: { state: GameDialogState; onClose: () => void; onSaved: (kind: 'create' | 'edit', name: string) => void }) {
  const t = useAdminMessages().games;
  const c = useAdminMessages().common;
  const game = state.kind === 'edit' ? state.game : undefined;
  return (
    <FormDialog open={state.kind !== 'closed'} onClose={onClose} title={game ? t.form.editTitle : t.form.createTitle} closeLabel={c.close}>
      {(setBusy) => (
        <GameForm
          game={game}
          onBusyChange={setBusy}
          onCancel={onClose}
          onSaved={(name) => {
            onClose();
            onSaved(game ? 'edit' : 'create', name);
          }}
        />
      )}
    </FormDialog>
  );
}

/** The form's state and its submit: checks the fields, saves, and places the server's errors beside their fields. */
function useGameForm(game: EditedGame | undefined, onBusyChange: (busy: boolean) => void, onSaved: (name: string) => void) {
  const t = useAdminMessages().games;
  const c = useAdminMessages().common;
  const { texts } = usePanel();
  const { values, set, errors, setErrors } = useFieldState(() => initialGameValues(game));
  const [formError, setFormError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const save = useSaveGame();
  const saving = save.isPending;

  useReportBusy(saving, onBusyChange);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setFormError(null);
    // The icon was checked when chosen; its error stays until another file is picked.
    const iconError = errors.icon;
    const input = parseFields(gameFormSchema, values, { order: GAME_FIELDS, ids: GAME_FIELD_IDS, word: texts.word }, (found) => setErrors({ ...found, icon: iconError }));
    if (!input || iconError) return;
    setProgress(0);
    save.mutate(
      { id: game?.id, form: toGameFormData(values, game), onProgress: setProgress },
      {
        onSuccess: () => {
          toast.success(game ? t.updated : t.created);
          onSaved(input.name);
        },
        onError: (error) => {
          if (isSessionError(error, 'admin')) return;
          const message = errorText(error, t.saveFailed, c.timedOut, { CONFLICT: t.nameTaken });
          // 409: a game has that name already; the server's text goes beside Name.
          const fromServer: FieldErrors<GameField> = error instanceof ApiError && error.status === 409 ? { name: message } : serverFieldErrors(error, GAME_FIELDS);
          setErrors(fromServer);
          if (!focusFirstError(fromServer, GAME_FIELDS, GAME_FIELD_IDS)) setFormError(message);
          toast.error(t.saveFailed);
        },
      },
    );
  };

  return { values, set, errors, setErrors, formError, progress, saving, onSubmit };
}

type GameFormState = ReturnType<typeof useGameForm>;

function GameForm({ game, onBusyChange, onCancel, onSaved }: { game?: EditedGame; onBusyChange: (busy: boolean) => void; onCancel: () => void; onSaved: (name: string) => void }) {
  const sf = useAdminMessages().scripts.form;
  const c = useAdminMessages().common;
  const form = useGameForm(game, onBusyChange, onSaved);
  const { formError, progress, saving } = form;
  return (
    <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-4" aria-busy={saving || undefined}>
      <GameTextFields form={form} />
      <GameIconFields form={form} game={game} />
      {formError ? <ErrorBanner message={formError} /> : null}
      {saving ? <UploadProgress fraction={progress} label={c.uploadProgress} text={(percent) => (percent < 100 ? sf.uploading(percent) : c.saving)} /> : null}
      <div className="mt-1 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          {c.cancel}
        </Button>
        <Button type="submit" loading={saving} aria-disabled={saving || undefined}>
          {game ? c.save : c.create}
        </Button>
      </div>
    </form>
  );
}

/** Name and Roblox place id. */
function GameTextFields({ form: { values, set, errors, saving } }: { form: GameFormState }) {
  const t = useAdminMessages().games;
  const f = t.form;
  return (
    <>
      <TextField
        id={GAME_FIELD_IDS.name}
        name="name"
        label={f.name}
        value={values.name}
        onChange={(event) => set('name', event.target.value)}
        error={errors.name}
        required
        readOnly={saving}
        autoComplete="off"
        autoFocus
      />
      <TextField
        id={GAME_FIELD_IDS.placeId}
        name="placeId"
        label={f.placeId}
        hint={f.placeIdHint}
        inputMode="numeric"
        value={values.placeId}
        onChange={(event) => set('placeId', event.target.value)}
        error={errors.placeId}
        readOnly={saving}
        autoComplete="off"
        spellCheck={false}
      />
    </>
  );
}

/** The icon to upload and, when editing, the current one with Remove icon. */
function GameIconFields({ form: { values, set, errors, setErrors, saving }, game }: { form: GameFormState; game?: EditedGame }) {
  const t = useAdminMessages().games;
  const sf = useAdminMessages().scripts.form;
  const f = t.form;
  return (
    <>
      <ImageField
        id={GAME_FIELD_IDS.icon}
        name="icon"
        label={game ? f.iconKeep : f.icon}
        hint={f.iconHint}
        error={errors.icon}
        disabled={saving}
        texts={{ chooseFile: f.chooseFile, noFile: f.noFile, imageOnly: sf.imagesOnly, imagePreview: f.iconPreview, removeImage: f.removeChosen }}
        onChange={(file) => set('icon', file)}
        onError={(message) => setErrors((previous) => ({ ...previous, icon: message }))}
      />
      {game ? (
        <div className="flex flex-col gap-3">
          <figure className="flex flex-col gap-1">
            <Thumbnail src={game.icon} className="w-40" />
            <figcaption className="text-xs text-slate-400">{game.icon ? f.currentIcon : f.noIcon}</figcaption>
          </figure>
          {game.icon && !values.icon ? (
            <CheckboxField id={GAME_FIELD_IDS.removeIcon} label={f.removeIcon} checked={values.removeIcon} disabled={saving} onCheckedChange={(on) => set('removeIcon', on)} />
          ) : null}
        </div>
      ) : null}
    </>
  );
}
