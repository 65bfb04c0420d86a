import type {ReactNode} from 'react';
import type {Range} from '../engine/marks';
import type {ShownHit} from '../client/protocol';

/** `text` with the words at `ranges` wrapped in <mark>, styled like the marks on target pages. */
export default function Marked({text, ranges}: {text: string; ranges: Range[]}): ReactNode {
  if (ranges.length === 0) return text;
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) parts.push(text.slice(at, start));
    parts.push(
      <mark key={start} className="search-highlight">
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}

/** The matched section's heading (when it is not the page's top) and the excerpt of a hit. */
export function HitDetails({hit, as: Tag, classNames}: {hit: ShownHit; as: 'span' | 'p'; classNames: {heading: string; excerpt: string}}): ReactNode {
  return (
    <>
      {hit.anchor && hit.heading !== hit.title && (
        <Tag className={classNames.heading}>
          <Marked text={hit.heading} ranges={hit.marks.heading} />
        </Tag>
      )}
      {hit.excerpt && (
        <Tag className={classNames.excerpt}>
          <Marked text={hit.excerpt} ranges={hit.marks.excerpt} />
        </Tag>
      )}
    </>
  );
}
