import { LinksScreen } from '@/features/links/components/links-screen';

/** The merchant's offer links (/admin/app/links). */
export function Component() {
  return <LinksScreen />;
}
