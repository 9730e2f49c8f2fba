/** Adds computed option values to a request just before it is sent. */
export type RequestEnhancer = (request: { files: readonly File[]; params: Record<string, unknown> }) => Promise<Record<string, unknown>>;
