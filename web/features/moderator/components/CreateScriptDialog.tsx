import { CircleAlert, X } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { toast } from '../../../lib/toast.tsx';
import { scriptFieldsSchema } from '../../../../contract/script-form.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { messages } from '../../../messages/staff.ts';
import { errorText } from '../../staff/api/client.ts';
import { Modal } from '../../staff/components/Modal.tsx';
import { isUnauthorized, useCreateScript } from '../api.ts';
import { type FieldErrors, serverFieldErrors, splitChannels, validate } from '../form.ts';
import { describedBy, FieldFrame, TextAreaField, TextField } from '../../staff/components/Field.tsx';

const t = messages.moderator.form;

type TextName = 'playsname' | 'description' | 'loadstring';
type Name = TextName | 'channels' | 'image';
const NAMES: readonly Name[] = ['playsname', 'description', 'loadstring', 'channels', 'image'];

export interface CreateScriptDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: () => void;
}

/**
 * The create modal (SPEC.md sections 2, 3 and 5). Closing it (Cancel, Escape, the X, a success)
 * unmounts the form, which resets it; while a submission runs it cannot be closed.
 */
export function CreateScriptDialog({ open, onOpenChange, onCreated }: CreateScriptDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!busy) onOpenChange(next);
      }}
      title={t.title}
      description={t.description}
      closeLabel={t.close}
    >
      <CreateScriptForm
        onBusyChange={setBusy}
        onCancel={() => onOpenChange(false)}
        onCreated={() => {
          setBusy(false);
          onOpenChange(false);
          onCreated();
        }}
      />
    </Modal>
  );
}

/** A chosen image as a data: URL (the site's CSP allows data: images, not blob:). */
function readPreview(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('unreadable')));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

function CreateScriptForm({ onBusyChange, onCancel, onCreated }: { onBusyChange: (busy: boolean) => void; onCancel: () => void; onCreated: () => void }) {
  const create = useCreateScript();
  const [text, setText] = useState<Record<TextName | 'channels', string>>({ playsname: '', description: '', loadstring: '', channels: '' });
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors<Name>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const fieldRefs = {
    playsname: useRef<HTMLInputElement>(null),
    description: useRef<HTMLTextAreaElement>(null),
    loadstring: useRef<HTMLTextAreaElement>(null),
    channels: useRef<HTMLInputElement>(null),
    image: fileInput,
  };
  const submitting = create.isPending;

  useEffect(() => onBusyChange(submitting), [submitting, onBusyChange]);

  const change = (name: TextName | 'channels') => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const value = event.target.value;
    setText((current) => ({ ...current, [name]: value }));
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
  };

  function clearImage() {
    setImage(null);
    setPreview(null);
    if (fileInput.current) fileInput.current.value = '';
  }

  function chooseImage(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    setErrors((current) => ({ ...current, image: undefined }));
    if (!file) return clearImage();
    // accept="image/*" is a hint to the picker, not a rule: check the type (the server checks the bytes).
    if (!file.type.startsWith('image/')) {
      clearImage();
      setErrors((current) => ({ ...current, image: messages.moderator.validation.imageOnly }));
      return;
    }
    setImage(file);
    setPreview(null);
    readPreview(file).then(
      (url) => setPreview((current) => (fileInput.current?.files?.[0] === file ? url : current)),
      () => setPreview(null),
    );
  }

  function focusFirst(found: FieldErrors<Name>) {
    const first = NAMES.find((name) => found[name]);
    if (first) fieldRefs[first].current?.focus();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setFormError(null);
    const checked = validate(scriptFieldsSchema, { playsname: text.playsname, description: text.description, loadstring: text.loadstring });
    if (!checked.ok) {
      setErrors((current) => ({ ...current, ...checked.errors }));
      focusFirst(checked.errors);
      return;
    }
    setErrors({});
    setProgress(0);
    create.mutate(
      { script: { ...checked.data, channels: splitChannels(text.channels), image }, onProgress: setProgress },
      {
        onSuccess: () => {
          toast.success(t.created);
          onCreated();
        },
        onError: (error) => {
          // A 401 ends the session: the panel sends the moderator to the login page.
          if (isUnauthorized(error)) return;
          const fields = serverFieldErrors(error, NAMES, { 'channels[]': 'channels' });
          setErrors(fields);
          setFormError(errorText(error, t.failed, messages.moderator.timeout));
          toast.error(t.failed);
          focusFirst(fields);
        },
      },
    );
  }

  const percent = Math.round(progress * 100);
  const imageHint = t.imageHint;

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-busy={submitting || undefined}>
      <TextField
        ref={fieldRefs.playsname}
        id="script-playsname"
        name="playsname"
        label={t.playsname}
        required
        autoComplete="off"
        value={text.playsname}
        onChange={change('playsname')}
        error={errors.playsname}
        readOnly={submitting}
      />
      <TextAreaField
        ref={fieldRefs.description}
        id="script-description"
        name="description"
        label={t.descriptionField}
        required
        rows={3}
        value={text.description}
        onChange={change('description')}
        error={errors.description}
        readOnly={submitting}
      />
      <TextAreaField
        ref={fieldRefs.loadstring}
        id="script-loadstring"
        name="loadstring"
        label={t.loadstring}
        required
        rows={3}
        spellCheck={false}
        autoCapitalize="none"
        className="font-mono text-xs"
        value={text.loadstring}
        onChange={change('loadstring')}
        error={errors.loadstring}
        readOnly={submitting}
      />
      <TextField
        ref={fieldRefs.channels}
        id="script-channels"
        name="channels"
        label={t.channels}
        hint={t.channelsHint}
        placeholder={t.channelsPlaceholder}
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="none"
        value={text.channels}
        onChange={change('channels')}
        error={errors.channels}
        readOnly={submitting}
      />
      <FieldFrame id="script-image" label={t.image} hint={imageHint} error={errors.image}>
        <input
          ref={fileInput}
          id="script-image"
          name="image"
          type="file"
          accept="image/*"
          onChange={chooseImage}
          disabled={submitting}
          {...describedBy('script-image', imageHint, errors.image)}
          className="block w-full text-sm text-slate-300 file:mr-3 file:rounded-lg file:border-0 file:bg-white/10 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-slate-100 hover:file:bg-white/15 disabled:opacity-60"
        />
        {image ? (
          <div className="mt-2 flex items-center gap-3">
            <div className="aspect-video w-32 shrink-0 overflow-hidden rounded-md bg-slate-800">
              {preview ? <img src={preview} alt={t.imagePreview} className="h-full w-full object-cover" /> : null}
            </div>
            <div className="min-w-0 flex-1">
              <p title={image.name} className="truncate text-sm text-slate-200">
                {image.name}
              </p>
              <button
                type="button"
                onClick={clearImage}
                disabled={submitting}
                className="mt-1 inline-flex items-center gap-1 rounded text-sm text-slate-300 underline-offset-4 hover:text-white hover:underline disabled:opacity-60"
              >
                <X aria-hidden className="h-3.5 w-3.5" />
                {t.removeImage}
              </button>
            </div>
          </div>
        ) : null}
      </FieldFrame>

      {formError ? (
        <p role="alert" className="flex items-start gap-2 rounded-lg bg-red-500/10 px-3 py-2 text-sm text-red-200 ring-1 ring-red-400/30">
          <CircleAlert aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
          {formError}
        </p>
      ) : null}

      {submitting ? (
        <div className="flex flex-col gap-1.5">
          <div
            role="progressbar"
            aria-label={t.progressLabel}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 overflow-hidden rounded-full bg-white/10"
          >
            <div className="h-full rounded-full bg-violet-500 transition-[width] duration-150" style={{ width: `${percent}%` }} />
          </div>
          <p className="text-xs text-slate-300">
            {percent < 100 ? t.uploading(percent) : t.saving}
          </p>
        </div>
      ) : null}

      <div className="mt-1 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={submitting}>
          {t.cancel}
        </Button>
        {/* aria-disabled rather than disabled: the button keeps focus through the submission. */}
        <Button type="submit" loading={submitting} aria-disabled={submitting || undefined}>
          {t.submit}
        </Button>
      </div>
    </form>
  );
}
