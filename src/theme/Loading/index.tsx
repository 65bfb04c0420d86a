/**
 * What a page part shows while its code loads, or when the code could not be loaded (core's
 * fallback says «Retry» and prints the raw error in English). The usual cause of the failure is a
 * dropped connection or a new version of the site published meanwhile; both are fixed by trying
 * again, and the raw error goes to the console for whoever debugs it.
 */
import {useEffect, type ReactNode} from 'react';
import Translate from '@docusaurus/Translate';
import type {LoadingComponentProps} from 'react-loadable';

export default function Loading({error, retry, pastDelay}: LoadingComponentProps): ReactNode {
  useEffect(() => {
    if (error) console.error(error);
  }, [error]);
  if (error) {
    return (
      <div className="alert alert--danger margin--lg" role="alert">
        <p>
          <Translate id="time.loading.error" description="A part of the page could not be loaded">
            Не удалось загрузить эту часть страницы. Проверьте подключение к сети и попробуйте ещё раз.
          </Translate>
        </p>
        <button type="button" className="button button--secondary" onClick={retry}>
          <Translate
            id="theme.ErrorPageContent.tryAgain"
            description="The label of the button to try again rendering when the React error boundary captures an error">
            Попробуйте ещё раз
          </Translate>
        </button>
      </div>
    );
  }
  if (pastDelay) {
    return (
      <p className="margin--lg" role="status">
        <Translate id="time.loading.progress" description="A part of the page is still loading">
          Загрузка…
        </Translate>
      </p>
    );
  }
  return null;
}
