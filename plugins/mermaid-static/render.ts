/**
 * Renders Mermaid diagrams to SVG at build time, in Debian's Chromium (Mermaid lays text out with
 * the browser's DOM, so a real browser is needed). One browser serves the whole build and closes
 * itself once no diagram has been asked for a moment, so the build process can end. Results are
 * cached on disk by the diagram's text, theme and Mermaid's version: a rebuild renders only what
 * changed.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {chromium, type Browser, type Page} from '@playwright/test';

export interface RenderedDiagram {
  light: string;
  dark: string;
}

/** Mermaid themes per colour mode (as the client-side theme used: neutral and dark). */
export const THEMES = {light: 'neutral', dark: 'dark'} as const;

const MERMAID_DIR = path.dirname(require.resolve('mermaid/package.json'));
const MERMAID_VERSION = (JSON.parse(fs.readFileSync(path.join(MERMAID_DIR, 'package.json'), 'utf8')) as {version: string}).version;
const CACHE_DIR = path.resolve(__dirname, '../../node_modules/.cache/time-mermaid');
const IDLE_CLOSE_MS = 1500;

let browser: Promise<{browser: Browser; page: Page}> | undefined;
let idleTimer: NodeJS.Timeout | undefined;
let queue: Promise<unknown> = Promise.resolve();

function startBrowser() {
  browser ??= (async () => {
    const b = await chromium
      .launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
      })
      .catch((error: Error) => {
        throw new Error(
          `Mermaid diagrams are drawn at build time in Chromium, which did not start (install Debian's chromium, or set CHROMIUM_PATH): ${error.message}`,
        );
      });
    const page = await b.newPage();
    await page.setContent('<!doctype html><html><body></body></html>');
    await page.addScriptTag({path: path.join(MERMAID_DIR, 'dist/mermaid.min.js')});
    return {browser: b, page};
  })();
  return browser;
}

function scheduleClose() {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    const closing = browser;
    browser = undefined;
    void closing?.then(({browser: b}) => b.close());
  }, IDLE_CLOSE_MS);
}

/** A short stable id for a diagram's text (also the prefix of the ids inside its SVG). */
export function diagramId(code: string): string {
  return `mermaid-${crypto.createHash('sha256').update(code).digest('hex').slice(0, 12)}`;
}

async function renderInBrowser(code: string, id: string): Promise<RenderedDiagram> {
  const {page} = await startBrowser();
  const out = {} as RenderedDiagram;
  for (const mode of ['light', 'dark'] as const) {
    out[mode] = await page.evaluate(
      async ({code, id, theme}) => {
        const mermaid = (window as unknown as {mermaid: {initialize(c: object): void; render(id: string, code: string): Promise<{svg: string}>}}).mermaid;
        mermaid.initialize({
          startOnLoad: false,
          theme,
          securityLevel: 'strict',
          fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", Arial, sans-serif',
        });
        return (await mermaid.render(id, code)).svg;
      },
      {code, id: `${id}-${mode}`, theme: THEMES[mode]},
    );
  }
  return out;
}

/**
 * Mermaid writes each label as `<span><p>text</p></span>`, which HTML does not allow (a paragraph
 * inside a span); the label's lines become spans, which look the same (Mermaid zeroes p margins).
 */
export function validLabels(svg: string): string {
  return svg.replace(/<p>/g, '<span>').replace(/<\/p>/g, '</span>');
}

function tidy(rendered: RenderedDiagram): RenderedDiagram {
  return {light: validLabels(rendered.light), dark: validLabels(rendered.dark)};
}

/** The light and dark SVG of a diagram; throws Mermaid's message when the text does not parse. */
export function renderDiagram(code: string): Promise<RenderedDiagram> {
  const id = diagramId(code);
  const cacheFile = path.join(
    CACHE_DIR,
    `${crypto
      .createHash('sha256')
      .update(`${MERMAID_VERSION}\n${JSON.stringify(THEMES)}\n${code}`)
      .digest('hex')}.json`,
  );
  if (fs.existsSync(cacheFile)) return Promise.resolve(tidy(JSON.parse(fs.readFileSync(cacheFile, 'utf8')) as RenderedDiagram));
  // One diagram at a time: Mermaid keeps global state in the page.
  const job = queue.then(async () => {
    clearTimeout(idleTimer);
    try {
      const rendered = await renderInBrowser(code, id);
      fs.mkdirSync(CACHE_DIR, {recursive: true});
      fs.writeFileSync(cacheFile, JSON.stringify(rendered));
      return tidy(rendered);
    } finally {
      scheduleClose();
    }
  });
  queue = job.catch(() => undefined);
  return job;
}
