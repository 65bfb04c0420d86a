/**
 * The try-it request body editor without code evaluation. The OpenAPI theme builds it on
 * react-live, whose provider compiles and evaluates the edited text as JavaScript on every change
 * (with `new Function`), for a preview the theme never shows. The Content-Security-Policy forbids
 * eval, so every keystroke was a policy violation. A transform that yields no code ends each
 * attempt before evaluation; the editor, its text and the form work as before.
 */
import type {ReactNode} from 'react';
import LiveEditor from '@theme-original/ApiExplorer/LiveEditor';

/** react-live treats a non-string result as "nothing to run" and stops before evaluating. */
export const noEvaluation = (): null => null;

export default function LiveEditorWithoutEval(props: Record<string, unknown>): ReactNode {
  return <LiveEditor {...props} transformCode={noEvaluation} />;
}
