import { createContext, useContext } from 'react';

/**
 * Translates a validation message of the tool on the page (see
 * `messageTranslator`): given by the tool route, read where messages are shown.
 */
export const ToolMessagesContext = createContext<(message: string) => string>((message) => message);

export function useToolMessages(): (message: string) => string {
  return useContext(ToolMessagesContext);
}
