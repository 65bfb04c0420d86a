import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';
// Generated per service by docusaurus-plugin-openapi-docs (scripts/prepare-api.ts, git-ignored).
import auth from './auth-service/sidebar';
import config from './config-service/sidebar';
import signup from './signup-service/sidebar';
import teams from './teams-service/sidebar';

/** The v5 reference: overview and errors, then one category per service. */
const sidebars: SidebarsConfig = {
  apiV5: [
    'time-api-reference',
    'errors',
    // Each generated slice is one category per service, labelled with the tag's x-displayName.
    ...(auth as never[]),
    ...(config as never[]),
    ...(signup as never[]),
    ...(teams as never[]),
  ],
};

export default sidebars;
