import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it} from 'vitest';
import TaskCards from '../../src/components/TaskCards';

describe('TaskCards', () => {
  it('renders one list item per card with its audience, link and description', () => {
    const html = renderToStaticMarkup(
      <TaskCards
        cards={[
          {audience: 'Инженерам', title: 'Установить сервер', description: 'Docker Compose и Kubernetes.', to: '/deployment/'},
          {audience: 'Разработчикам', title: 'Работать с API', description: 'REST API v4.', to: '/api/'},
        ]}
      />,
    );
    expect(html.match(/<li/g)).toHaveLength(2);
    expect(html).toContain('<a href="/deployment/"');
    expect(html).toContain('Установить сервер');
    expect(html).toContain('Разработчикам');
    expect(html.startsWith('<ul')).toBe(true);
  });

  it('renders an empty list without failing', () => {
    expect(renderToStaticMarkup(<TaskCards cards={[]} />)).toMatch(/^<ul[^>]*><\/ul>$/);
  });
});
