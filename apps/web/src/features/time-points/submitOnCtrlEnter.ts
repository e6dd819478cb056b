import type { KeyboardEvent } from 'react';

/**
 * Ctrl+Enter (⌘+Enter) submits the dialog's form from any of its inputs, a multi-line description too; Enter
 * alone already submits from a single-line input (the dialogs are forms with a submit button).
 */
export function submitOnCtrlEnter(e: KeyboardEvent<HTMLElement>): void {
  if (e.key !== 'Enter' || !(e.ctrlKey || e.metaKey)) return;
  const form = (e.target as HTMLElement).closest('form');
  if (!form) return;
  e.preventDefault();
  form.requestSubmit();
}
