/** The report dialog's texts (docs/product.md#reports); loaded with the dialog, on first use. */
export const report = {
  title: 'Report this script',
  intro: 'Tell us what is wrong. We review every report; your report is anonymous.',
  reasonLegend: 'What is wrong with it?',
  reasons: {
    malware: 'Malware or data theft',
    broken: 'Doesn’t work',
    stolen: 'Stolen or re-uploaded',
    spam: 'Misleading or spam',
    other: 'Other',
  },
  detailsLabel: 'Details (optional)',
  detailsHint: 'What did you see? A line or two helps us check it faster.',
  /** Characters used of the most allowed (`{used}`, `{max}`: raw numbers, as the specification writes them). */
  counter: '{used} / {max}',
  submit: 'Send report',
  sending: 'Sending…',
  cancel: 'Cancel',
  close: 'Close',
  thanks: 'Thank you: we will review this script.',
  chooseReason: 'Choose a reason.',
  tooMany: 'You have sent several reports in the last hour. Please try again later.',
  gone: 'This script is no longer available.',
  failed: 'The report could not be sent. Check your connection and try again.',
} as const;
