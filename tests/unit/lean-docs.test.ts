import {describe, expect, it} from 'vitest';
import type {RouteConfig} from '@docusaurus/types';
import {generatedIndexCategories, validateOptions, withoutGlobalDocs, withoutVersionDocs} from '../../plugins/lean-docs';

describe('lean-docs', () => {
  const tree: RouteConfig = {
    path: '/',
    component: '@theme/DocsRoot',
    routes: [
      {
        path: '/',
        component: '@theme/DocVersionRoot',
        props: {version: {pluginId: 'default', docsSidebars: {docs: []}, docs: {index: {id: 'index', title: 'Главная', description: 'Обзор'}}}},
        routes: [{path: '/faq', component: '@theme/DocItem', exact: true}],
      },
    ],
  };

  it('empties the version docs map and keeps everything else of the route tree', () => {
    const lean = withoutVersionDocs(tree);
    const version = lean.routes![0];
    expect(version.props).toEqual({version: {pluginId: 'default', docsSidebars: {docs: []}, docs: {}}});
    expect(version.routes).toEqual(tree.routes![0].routes);
    expect((tree.routes![0].props as {version: {docs: object}}).version.docs).not.toEqual({});
  });

  it('empties the global docs list but keeps version paths and sidebars for the navbar', () => {
    const data = {
      path: '/api/v4',
      versions: [{name: 'current', path: '/api/v4', mainDocId: 'introduction', docs: [{id: 'a', path: '/api/v4/a'}], sidebars: {apiV4: {}}}],
    };
    expect(withoutGlobalDocs(data)).toEqual({...data, versions: [{...data.versions[0], docs: []}]});
  });

  it('finds categories with a generated index, which would need the docs map', () => {
    const content = {
      loadedVersions: [
        {sidebars: {docs: [{type: 'category', label: 'Outer', items: [{type: 'category', label: 'Inner', link: {type: 'generated-index'}, items: []}]}]}},
      ],
    };
    expect(generatedIndexCategories(content)).toEqual(['Inner']);
    expect(generatedIndexCategories({loadedVersions: [{sidebars: {docs: [{type: 'doc', id: 'x'}]}}]})).toEqual([]);
  });

  it('requires the lean option, with both switches', () => {
    const validate = () => ({});
    expect(() => validateOptions({validate, options: {path: 'docs'}} as never)).toThrow(/`lean` option needs/);
    expect(() => validateOptions({validate, options: {lean: {versionDocs: false}}} as never)).toThrow(/`lean` option needs/);
  });
});
