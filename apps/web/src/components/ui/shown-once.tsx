import { useId, useState } from 'react';
import { Button } from './button';
import { Input } from './field';

interface ShownOnceProps {
  label: string;
  value: string;
  warning: string;
  onDone: () => void;
  /** The words of its buttons, in the caller's namespace. */
  words: { copy: string; copied: string; done: string };
}

/** A secret the server shows this once (an API key, a signing secret): read-only, copyable, then gone. */
export function ShownOnce({ label, value, warning, onDone, words }: ShownOnceProps) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  return (
    <div
      role="status"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950/40"
    >
      <p className="text-sm font-medium text-amber-900 dark:text-amber-200">{warning}</p>
      <label htmlFor={id} className="mt-3 block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
        <Input
          id={id}
          readOnly
          value={value}
          className="h-10 font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button
          type="button"
          variant="secondary"
          onClick={() => {
            void navigator.clipboard?.writeText(value).then(
              () => setCopied(true),
              () => undefined,
            );
          }}
        >
          {copied ? words.copied : words.copy}
        </Button>
      </div>
      <Button type="button" className="mt-3" size="sm" onClick={onDone}>
        {words.done}
      </Button>
    </div>
  );
}
