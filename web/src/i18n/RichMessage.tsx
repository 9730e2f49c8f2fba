import { Trans } from '@lingui/react';
import type { ReactElement } from 'react';
import type { EnglishMessages } from './use-messages';

interface RichMessageProps<M extends EnglishMessages> {
  namespace: string;
  english: M;
  id: keyof M & string;
  /** The elements the message's numbered tags stand for. e.g. `{ 0: <Link to="/contact" /> }` for 'Write to us on the <0>contact page</0>.' */
  components: Record<string, ReactElement>;
  values?: Record<string, unknown>;
}

/** A message with links or emphasis inside, in the active language: the translation moves the tags with the words. */
export function RichMessage<M extends EnglishMessages>({ namespace, english, id, components, values }: RichMessageProps<M>) {
  return <Trans id={`${namespace}.${id}`} message={english[id]} components={components} values={values} />;
}
