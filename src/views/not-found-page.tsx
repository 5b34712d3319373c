import { Link } from '../lib/router/links';

import { useDocumentTitle } from '../lib/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('No such page');
  return (
    <section className="panel" role="alert">
      <h1>No such page</h1>
      <p>
        Addresses look like <code>/locations/12/occupancy</code>.
      </p>
      <Link to="/">Open the default view</Link>
    </section>
  );
}
