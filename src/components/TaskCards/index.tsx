import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import styles from './styles.module.css';

export interface TaskCard {
  /** Who the entry point is for, e.g. «Администраторам». */
  audience: string;
  title: string;
  description: string;
  to: string;
}

/** A grid of task-oriented entry points: each card says who it is for and what it helps do. */
export default function TaskCards({cards}: {cards: TaskCard[]}): ReactNode {
  return (
    <ul className={styles.grid}>
      {cards.map((card) => (
        <li key={card.to} className={styles.card}>
          <p className={styles.audience}>{card.audience}</p>
          <Link to={card.to} className={styles.title}>
            {card.title}
          </Link>
          <p className={styles.description}>{card.description}</p>
        </li>
      ))}
    </ul>
  );
}
