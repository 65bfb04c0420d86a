/**
 * The right column of an operation page. It is in the HTML: the code samples made at build
 * time and a button that opens the try-it form. The form — the OpenAPI theme's ApiExplorer with its
 * request builder (postman-collection) and code generators, 1.7 MB of gzipped JavaScript — is loaded
 * only when the reader asks for it, and its code is fetched ahead when the pointer or focus reaches
 * the button. Once opened, the form stays open on the operation pages the reader visits next, until
 * the tab is closed (sessionStorage).
 */
import {lazy, Suspense, useEffect, useRef, useState, type ReactNode} from 'react';
import ErrorBoundary from '@docusaurus/ErrorBoundary';
import StaticCodeSamples, {type CodeSampleLanguage} from './StaticCodeSamples';
import styles from './styles.module.css';

const loadExplorer = () => import('@theme/ApiExplorer');
/** A fresh lazy component: React keeps a failed load for good, a retry needs a new one. */
const lazyExplorer = () => lazy(loadExplorer);

export const TRY_IT_KEY = 'time-docs.try-it';

function rememberOpen() {
  try {
    sessionStorage.setItem(TRY_IT_KEY, 'open');
  } catch {
    // Storage may be disabled; the form then opens on request on every page.
  }
}

function wasOpen(): boolean {
  try {
    return sessionStorage.getItem(TRY_IT_KEY) === 'open';
  } catch {
    return false;
  }
}

/** Calls `onReady` once the lazy form has rendered (it sits inside the same Suspense boundary). */
function Ready({onReady}: {onReady: () => void}): null {
  useEffect(onReady, [onReady]);
  return null;
}

interface Props {
  // The theme's ApiItem shape (docusaurus-plugin-openapi-docs); passed through to ApiExplorer untouched.
  item: unknown;
  infoPath: string;
  samples: CodeSampleLanguage[];
}

export default function ApiPanel({item, infoPath, samples}: Props): ReactNode {
  const [open, setOpen] = useState(false);
  const [ApiExplorer, setApiExplorer] = useState(lazyExplorer);
  const focusForm = useRef(false);
  const liveRef = useRef<HTMLDivElement>(null);

  // After hydration, so the HTML and the first render agree.
  useEffect(() => {
    if (wasOpen()) setOpen(true);
  }, []);

  const openForm = () => {
    focusForm.current = true;
    rememberOpen();
    setOpen(true);
  };

  const onReady = () => {
    if (!focusForm.current) return;
    focusForm.current = false;
    // The button is gone: focus goes to the form's first field, or the panel itself.
    const first = liveRef.current?.querySelector<HTMLElement>(
      '.openapi-explorer__request-form summary, .openapi-explorer__request-form input, .openapi-explorer__request-form button',
    );
    (first ?? liveRef.current)?.focus();
  };

  if (!open) {
    return (
      <>
        <StaticCodeSamples samples={samples} />
        <div className={styles.tryIt}>
          <p className={styles.hint}>
            Форма отправит этот запрос из браузера на ваш сервер Time: укажите адрес сервера, токен и параметры, и примеры кода изменятся вместе с ними.
          </p>
          <button type="button" className="button button--primary" onClick={openForm} onPointerEnter={loadExplorer} onFocus={loadExplorer}>
            Попробовать запрос
          </button>
        </div>
      </>
    );
  }

  const loading = (
    <>
      <StaticCodeSamples samples={samples} />
      <p role="status" className={styles.hint}>
        Загружаем форму запроса…
      </p>
    </>
  );
  return (
    <div ref={liveRef} tabIndex={-1} className={styles.live}>
      <ErrorBoundary
        fallback={({tryAgain}) => (
          <>
            <StaticCodeSamples samples={samples} />
            <div role="alert" className={styles.tryIt}>
              <p className={styles.hint}>Не удалось загрузить форму запроса. Проверьте соединение с сайтом документации и попробуйте ещё раз.</p>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  setApiExplorer(lazyExplorer);
                  tryAgain();
                }}>
                Повторить
              </button>
            </div>
          </>
        )}>
        <Suspense fallback={loading}>
          <ApiExplorer item={item as never} infoPath={infoPath} />
          <Ready onReady={onReady} />
        </Suspense>
      </ErrorBoundary>
    </div>
  );
}
