/**
 * The contact endpoint's answers: `{ result, message }`, the shape the page
 * reads (it shows `message` in a toast); errors also carry `error` and
 * `status`, like the rest of the API.
 */
export const CONTACT_SENT = { result: 'success', message: 'Message sent successfully!' } as const;

export function contactError(status: number, message: string) {
  return { result: 'error', message, error: message, status } as const;
}

export const CONTACT_PATH = '/api/v1/contact';
