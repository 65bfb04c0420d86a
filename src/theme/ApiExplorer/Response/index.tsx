/**
 * The try-it form's response panel. The OpenAPI theme's panel shows a body only together with an
 * HTTP status, and a request that gets no response has none: the theme cleared the status and the
 * reader saw the empty placeholder again, with no sign that anything had failed. Here a failed
 * request says so, in Russian, with what to check. The browser does not tell a CORS refusal from an
 * untrusted certificate or an unreachable host (all are the same TypeError), so one message lists
 * all of them; a refusal by the portal's own Content-Security-Policy is reported by a
 * `securitypolicyviolation` event and named on its own. The theme's waiting spinner compared the
 * text with the English "Fetching...", so the Russian waiting text is shown here too.
 */
import {useEffect, useState, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Translate, {translate} from '@docusaurus/Translate';
import Response from '@theme-original/ApiExplorer/Response';
import {clearCode, clearHeaders, clearResponse} from '@theme/ApiExplorer/Response/slice';
import {useTypedDispatch, useTypedSelector} from '@theme/ApiItem/hooks';
import {serverAddress, type ServerValue} from '../serverAddress';
import styles from './styles.module.css';

type Failure = 'timeout' | 'failed';

/** The texts the theme's form puts in place of a response when the request fails (i18n/ru/code.json). */
function failureOf(text: string | undefined): Failure | undefined {
  if (text === undefined) return undefined;
  if (text === translate({id: 'theme.openapi.request.error.timeout', message: 'The request timed out waiting for the server to respond.'})) return 'timeout';
  const failed = [
    translate({id: 'theme.openapi.request.error.network', message: 'Unable to reach the server.'}),
    translate({id: 'theme.openapi.request.error.cors', message: 'The request was blocked, possibly due to CORS restrictions.'}),
    translate({id: 'theme.openapi.request.error.unknown', message: 'An unexpected error occurred while making the request.'}),
    translate({id: 'theme.openapi.request.connectionFailed', message: 'Connection failed'}),
  ];
  return failed.includes(text) ? 'failed' : undefined;
}

/** The origins the portal's policy refused to connect to, since the last request started. */
function useBlockedConnections(fetching: boolean): string[] {
  const [blocked, setBlocked] = useState<string[]>([]);
  useEffect(() => {
    if (fetching) setBlocked([]);
  }, [fetching]);
  useEffect(() => {
    const onViolation = (event: SecurityPolicyViolationEvent) => {
      if (event.effectiveDirective !== 'connect-src') return;
      const origin = URL.canParse(event.blockedURI) ? new URL(event.blockedURI).origin : event.blockedURI;
      setBlocked((list) => (list.includes(origin) ? list : [...list, origin]));
    };
    document.addEventListener('securitypolicyviolation', onViolation);
    return () => document.removeEventListener('securitypolicyviolation', onViolation);
  }, []);
  return blocked;
}

function Checks({address}: {address: string}): ReactNode {
  const portal = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <>
      <p>
        Запрос к <code>{address}</code> не получил ответа. Браузер не сообщает причину, поэтому проверьте по порядку:
      </p>
      <ul>
        <li>
          адрес сервера в поле «Адрес сервера»: сервер Time должен быть доступен из вашей сети по <code>https://</code>;
        </li>
        <li>
          настройки CORS сервера Time: в параметре <code>ServiceSettings.AllowCorsFrom</code> должен быть адрес этого портала <code>{portal}</code> (
          <Link to="/administration/settings/integrations/cors">настройки CORS</Link>);
        </li>
        <li>
          адреса, которые разрешены форме на портале: администратор портала задаёт их в настройке <code>TRY_IT_ORIGINS</code>;
        </li>
        <li>сертификат сервера: браузер должен ему доверять — откройте адрес сервера в новой вкладке и посмотрите, нет ли предупреждения.</li>
      </ul>
      <p>Подробности ошибки браузер показывает в консоли инструментов разработчика (F12).</p>
    </>
  );
}

function Blocked({origins}: {origins: string[]}): ReactNode {
  return (
    <>
      <p>
        Запрос к <code>{origins.join(', ')}</code> заблокирован политикой безопасности (CSP) портала документации: этого адреса нет среди разрешённых.
      </p>
      <p>
        Администратор портала задаёт разрешённые адреса в настройке <code>TRY_IT_ORIGINS</code>; по умолчанию разрешены все адреса <code>https:</code>. Пока
        адрес не разрешён, выполните запрос из curl — пример выше.
      </p>
    </>
  );
}

export default function ResponseWithErrors(props: Record<string, unknown>): ReactNode {
  const response = useTypedSelector((state: {response: {value?: string}}) => state.response.value);
  const code = useTypedSelector((state: {response: {code?: number}}) => state.response.code);
  const server = useTypedSelector((state: {server: {value?: ServerValue}}) => state.server.value);
  const dispatch = useTypedDispatch();
  const fetching = response === translate({id: 'theme.openapi.request.fetchingMessage', message: 'Fetching...'});
  const blocked = useBlockedConnections(fetching);
  const failure = code === undefined ? failureOf(response) : undefined;
  if (!fetching && !failure) return <Response {...props} />;
  const clear = () => {
    dispatch(clearResponse());
    dispatch(clearCode());
    dispatch(clearHeaders());
  };
  return (
    <div className="openapi-explorer__response-container">
      <div className="openapi-explorer__response-title-container">
        <span className="openapi-explorer__response-title">
          <Translate id="theme.openapi.response.title">Response</Translate>
        </span>
        <button type="button" className="openapi-explorer__response-clear-btn" onClick={clear}>
          <Translate id="theme.openapi.response.clear">Clear</Translate>
        </button>
      </div>
      {fetching ? (
        <p role="status" className={styles.message}>
          {response}
        </p>
      ) : (
        <div role="alert" className={styles.message}>
          {failure === 'timeout' ? <p>{response}</p> : blocked.length > 0 ? <Blocked origins={blocked} /> : <Checks address={serverAddress(server)} />}
        </div>
      )}
    </div>
  );
}
