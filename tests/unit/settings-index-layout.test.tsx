import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it} from 'vitest';
import SettingsIndex, {Breakable} from '../../src/components/SettingsIndex';

describe('the settings overview table fits narrow columns', () => {
  it('offers a line break after each dot and underscore of a key, and nowhere else', () => {
    expect(renderToStaticMarkup(<Breakable text="ServiceSettings.SiteURL" />)).toBe('ServiceSettings.<wbr/>SiteURL');
    expect(renderToStaticMarkup(<Breakable text="TIME_SERVICESETTINGS_SITEURL" />)).toBe('TIME_<wbr/>SERVICESETTINGS_<wbr/>SITEURL');
    expect(renderToStaticMarkup(<Breakable text="Port" />)).toBe('Port');
  });

  it('renders keys and variables breakable, in fixed columns', () => {
    const html = renderToStaticMarkup(
      <SettingsIndex
        entries={[
          {key: 'EmailSettings.SMTPServer', env: 'TIME_EMAILSETTINGS_SMTPSERVER', name: 'Сервер SMTP', console: 'Среда → SMTP', url: '/x', origin: 'lineage'},
        ]}
      />,
    );
    expect(html).toContain('<code>EmailSettings.<wbr/>SMTPServer</code>');
    expect(html).toContain('<code>TIME_<wbr/>EMAILSETTINGS_<wbr/>SMTPSERVER</code>');
    expect(html.match(/<col\/>/g)).toHaveLength(4);
  });
});
