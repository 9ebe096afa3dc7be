import { useCombobox } from 'downshift';
import { Plus } from 'lucide-react';
import { useMemo } from 'react';
import { cn } from '../../../lib/cn.ts';
import { type GameOption as Option, gameOptions, useGames } from '../api/games.ts';
import type { FactTexts } from '../shared-texts.ts';
import { controlClass, describedBy } from './Field.tsx';

const optionText = (option: Option | null) => (option === null ? '' : option.kind === 'game' ? option.game.name : option.name);

/**
 * The script form's Game: a combobox (WAI-ARIA's, through downshift) over GET /api/games that takes
 * any name: an existing game's, picked or typed, or a new one, which the server creates. Without the
 * list (still loading, or failed) it is a plain text field.
 */
export function GameCombobox({ id, value, onChange, error, disabled, texts }: { id: string; value: string; onChange: (value: string) => void; error?: string; disabled?: boolean; texts: FactTexts }) {
  const games = useGames().data;
  const options = useMemo(() => gameOptions(games ?? [], value), [games, value]);
  const labelId = `${id}-label`;
  const combobox = useCombobox<Option>({
    items: options,
    itemToString: optionText,
    itemToKey: (option) => (option === null ? null : option.kind === 'game' ? `game-${option.game.id}` : 'new'),
    // The text is the value: a pick writes its name, typing after it is kept as typed.
    inputValue: value,
    onInputValueChange: ({ inputValue }) => onChange(inputValue ?? ''),
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem) onChange(optionText(selectedItem));
    },
    inputId: id,
    labelId,
    menuId: `${id}-options`,
  });
  const open = combobox.isOpen && options.length > 0 && !disabled;
  return (
    <div className="flex flex-col gap-1.5">
      <label {...combobox.getLabelProps()} className="text-sm font-medium text-slate-200">
        {texts.game}
      </label>
      <div className="relative">
        <input
          {...combobox.getInputProps({
            disabled,
            placeholder: texts.gamePlaceholder,
            autoComplete: 'off',
            spellCheck: false,
            onClick: () => (combobox.isOpen ? undefined : combobox.openMenu()),
            ...describedBy(id, texts.gameHint, error),
          })}
          className={controlClass(error)}
        />
        <ul
          {...combobox.getMenuProps({ 'aria-label': texts.gameOptions })}
          // Hidden while closed: an empty listbox is no list at all for assistive technology.
          hidden={!open}
          className="absolute left-0 right-0 top-full z-10 mt-1 max-h-60 overflow-y-auto rounded-lg border border-white/15 bg-panel p-1 shadow-xl shadow-black/40"
        >
          {open
            ? options.map((option, index) => (
                <li
                  key={option.kind === 'game' ? option.game.id : 'new'}
                  {...combobox.getItemProps({ item: option, index })}
                  className={cn('flex cursor-pointer items-center justify-between gap-3 rounded-md px-3 py-2 text-sm text-slate-100', combobox.highlightedIndex === index && 'bg-violet-600/40')}
                >
                  {option.kind === 'game' ? (
                    <>
                      <span className="min-w-0 truncate">{option.game.name}</span>
                      <span className="shrink-0 text-xs text-slate-400">{texts.gameScripts(option.game.scripts)}</span>
                    </>
                  ) : (
                    <span className="flex min-w-0 items-center gap-2">
                      <Plus aria-hidden className="h-4 w-4 shrink-0 text-violet-300" />
                      <span className="min-w-0 truncate">{texts.gameNew(option.name)}</span>
                    </span>
                  )}
                </li>
              ))
            : null}
        </ul>
      </div>
      <p id={`${id}-hint`} className="text-xs text-slate-400">
        {texts.gameHint}
      </p>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}
