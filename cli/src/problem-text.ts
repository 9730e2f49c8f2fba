/**
 * What a refusal says, from the server's problem JSON (`detail`, the reference's
 * `error`), or the status when the body is something else (a proxy's page).
 */
export async function problemText(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const problem = JSON.parse(text) as { detail?: unknown; error?: unknown; title?: unknown; message?: unknown };
    const said = [problem.detail, problem.error, problem.message, problem.title].find((value) => typeof value === 'string' && value.trim() !== '');
    if (typeof said === 'string') return said;
  } catch {
    // Not JSON: said by the status below.
  }
  return `The server answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.`;
}
