/** Loads styles/forms.scss once; screens and dialogs with inputs wait for it before showing. */
export function loadFormStyles(): Promise<unknown> {
  return import('@/styles/forms.scss');
}
