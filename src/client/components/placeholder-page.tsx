import { m } from '../../shared/paraglide/messages.js';
import { EmptyState } from './empty-state';
import { PageHeader } from './page-header';

/** A titled page whose real content comes in a later issue. */
export function PlaceholderPage({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      <EmptyState title={m.page_coming()} />
    </>
  );
}
