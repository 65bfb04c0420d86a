/**
 * The grammars API pages need in the browser beyond prism-react-renderer's own set (which has
 * JavaScript, JSON, Python, Go, YAML and markup): bash for the cURL samples and Java. Docusaurus'
 * prism-include-languages would register all twelve languages of the site and, through its dynamic
 * `require`, bundle every Prism grammar there is (about 80 KB of gzipped JavaScript and 100 ms of
 * start-up on a phone-speed CPU); guide pages get their code highlighted at build time instead
 * (plugins/code-highlight). Grammar files extend the global `Prism`, so prism-react-renderer's instance
 * is lent to them while they load, as prism-include-languages does.
 */
import {Prism} from 'prism-react-renderer';

const scope = globalThis as {Prism?: unknown};
const before = scope.Prism;
scope.Prism = Prism;
/* eslint-disable @typescript-eslint/no-require-imports -- the grammars must load after the global is set */
require('prismjs/components/prism-bash');
require('prismjs/components/prism-java');
/* eslint-enable @typescript-eslint/no-require-imports */
if (before === undefined) delete scope.Prism;
else scope.Prism = before;
