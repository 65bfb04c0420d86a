/**
 * The HTML template of every page: Docusaurus' own (@docusaurus/core/lib/ssg/ssgTemplate.html.js)
 * with one change — the page is painted before its JavaScript runs.
 *
 * The stock template loads the bundles with `<script defer>`. On a fast connection they arrive while
 * the HTML is parsed, and the browser runs them (about a second of work on a phone-speed CPU for
 * `main.js`) before it paints anything: the text a reader came for waits for code it does not need
 * to be read. Here a small inline loader, allowed by its hash in the Content-Security-Policy
 * (scripts/lib/csp.ts), requests the bundles once the first frame has been painted and adds them in
 * order. The cost is one round trip before hydration (on a corporate network, milliseconds); in
 * exchange the page shows at first paint on every device. Lighthouse mobile: home 94 → 100, the
 * docker-compose guide 93 → 96, an API operation 74 → 86 (largest contentful paint ≈ 2.9 → 1.2 s).
 * Preloading the bundles in the head was tried: the early downloads competed with the page and
 * delayed the first paint to 2.3 s. Without JavaScript nothing changes: the page is complete HTML.
 * A tab opened in the background hydrates when it is first shown (animation frames wait for it).
 */
/**
 * The notice for a page whose code cannot be loaded. While replicas of two builds serve the site
 * during a rolling deploy, a page from one build may ask another replica for a hashed script file
 * only its own build has: the request gets a 404, the page never hydrates, and without this
 * nothing would tell the reader that search, menus and tabs do not work. The script listens for a
 * failed script of the site (the bundles the loader below adds, the chunks webpack adds) and for
 * webpack's ChunkLoadError; it is in the loader's script, so it listens before any bundle is
 * requested (the loader waits for the first frame). If the page has not hydrated by then, it shows a notice with a reload
 * button at the top of the page. Once hydrated, a failed chunk is the core's business: a
 * navigation whose chunk fails reloads the page at its new address (PendingNavigation), and that
 * reload is a first visit again, so it ends here rather than in another reload.
 * Built with DOM calls only (no inline event handlers, which the Content-Security-Policy forbids);
 * allowed by its hash like the loader.
 */
export const loadFailureNotice = `(function(){var shown=false;function hydrated(){return document.documentElement.getAttribute('data-has-hydrated')==='true';}function show(){if(shown||hydrated())return;shown=true;var box=document.createElement('div');box.className='time-load-failed';box.setAttribute('role','alert');var text=document.createElement('p');text.textContent='Не удалось загрузить страницу полностью: скорее всего, сайт только что обновился. Текст можно читать, но поиск, меню и вкладки не работают, пока вы не обновите страницу.';var button=document.createElement('button');button.type='button';button.className='button button--primary';button.textContent='Обновить страницу';button.addEventListener('click',function(){window.location.reload();});box.appendChild(text);box.appendChild(button);document.body.insertBefore(box,document.body.firstChild);}function failed(){setTimeout(show,300);}window.addEventListener('error',function(e){var t=e.target;if(t&&t.tagName==='SCRIPT'&&t.src.indexOf('/assets/js/')>=0)failed();},true);window.addEventListener('unhandledrejection',function(e){if(e.reason&&e.reason.name==='ChunkLoadError')failed();});})();`;

export const ssrTemplate = `
<!DOCTYPE html>
<html <%~ it.htmlAttributes %>>
  <head>
    <meta charset="UTF-8">
    <meta name="generator" content="Docusaurus v<%= it.version %>">
    <% it.metaAttributes.forEach((metaAttribute) => { %>
      <%~ metaAttribute %>
    <% }); %>
    <%~ it.headTags %>
    <% it.stylesheets.forEach((stylesheet) => { %>
      <link rel="stylesheet" href="<%= it.baseUrl %><%= stylesheet %>" />
    <% }); %>
  </head>
  <body <%~ it.bodyAttributes %>>
    <%~ it.preBodyTags %>
    <div id="__docusaurus"><%~ it.appHtml %></div>
    <%~ it.postBodyTags %>
    <script>requestAnimationFrame(function(){setTimeout(function(){<%~ JSON.stringify(it.scripts.map(function(s){return it.baseUrl+s;})) %>.forEach(function(src){var s=document.createElement("script");s.src=src;s.async=false;document.body.appendChild(s);});});});${loadFailureNotice}</script>
  </body>
</html>
`;
