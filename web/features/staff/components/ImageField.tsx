import { ImagePlus, X } from 'lucide-react';
import { type ChangeEvent, useRef, useState } from 'react';
import { cn } from '../../../lib/cn.ts';
import { IMAGE_TYPES, isAcceptedImageType } from '../lib/script-form.ts';
import { describedBy, FieldFrame } from './Field.tsx';

/** A chosen file as a data: URL, which the site's CSP allows for images (blob: URLs it does not). */
function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('unreadable')));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

/** The file's preview if the browser can decode it as an image of an accepted type, else null. */
export async function decodablePreview(file: File): Promise<string | null> {
  if (!isAcceptedImageType(file.type)) return null;
  try {
    const url = await readAsDataUrl(file);
    const image = new Image();
    image.src = url;
    await image.decode();
    return url;
  } catch {
    return null;
  }
}

export interface ImageFieldProps {
  /** The file input's id (and its hint's and error's, after it): the script form's unless told. */
  id?: string;
  /** The multipart field's name. */
  name?: string;
  label: string;
  hint: string;
  required?: boolean;
  error?: string;
  disabled?: boolean;
  texts: { chooseFile: string; noFile: string; imageOnly: string; imagePreview: string; removeImage: string };
  onChange: (file: File | null) => void;
  onError: (message: string | undefined) => void;
}

/**
 * The image picker of both panels (a script's image, a game's icon): the native input is visually hidden (its "Choose File / No file
 * chosen" is the browser's, in the browser's language) behind a button and the file's name in the
 * panel's words. A file that is not an accepted image, or does not decode, is refused at once with
 * one message, and no preview is shown for it.
 */
export function ImageField({ id = 'script-image', name = 'image', label, hint, required, error, disabled, texts, onChange, onError }: ImageFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<{ file: File; preview: string } | null>(null);

  const clear = () => {
    setChosen(null);
    onChange(null);
    if (input.current) input.current.value = '';
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    onError(undefined);
    if (!file) return clear();
    const preview = await decodablePreview(file);
    // A later choice may have replaced this one while it decoded.
    if (input.current?.files?.[0] !== file) return;
    if (!preview) {
      clear();
      onError(texts.imageOnly);
      return;
    }
    setChosen({ file, preview });
    onChange(file);
  };

  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} error={error}>
      <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
        <input
          ref={input}
          id={id}
          name={name}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          disabled={disabled}
          onChange={(event) => void choose(event)}
          {...describedBy(id, hint, error)}
          className="peer sr-only"
        />
        <label
          htmlFor={id}
          aria-hidden
          className={cn(
            'inline-flex h-10 shrink-0 cursor-pointer items-center gap-2 rounded-lg bg-white/10 px-3 text-sm font-semibold text-slate-100 ring-1 ring-inset ring-white/15 hover:bg-white/15',
            'peer-focus-visible:ring-2 peer-focus-visible:ring-violet-400 peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
            error && 'ring-red-400',
          )}
        >
          <ImagePlus aria-hidden className="h-4 w-4" />
          {texts.chooseFile}
        </label>
        <span data-testid="image-file-name" title={chosen?.file.name} className="min-w-0 max-w-full truncate text-sm text-slate-300">
          {chosen ? chosen.file.name : texts.noFile}
        </span>
      </div>
      {chosen ? (
        <div className="mt-2 flex items-center gap-3">
          <div className="aspect-video w-32 shrink-0 overflow-hidden rounded-md bg-slate-800">
            <img src={chosen.preview} alt={texts.imagePreview} className="h-full w-full object-cover" />
          </div>
          <button
            type="button"
            onClick={clear}
            disabled={disabled}
            className="inline-flex min-h-10 items-center gap-1 rounded text-sm text-slate-300 underline-offset-4 hover:text-white hover:underline disabled:opacity-60"
          >
            <X aria-hidden className="h-3.5 w-3.5" />
            {texts.removeImage}
          </button>
        </div>
      ) : null}
    </FieldFrame>
  );
}
