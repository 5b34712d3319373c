import { t } from '@lingui/core/macro';

import { Link } from '../lib/router/links';

import { useDocumentTitle } from '../lib/use-document-title';

export function NotFoundPage() {
  useDocumentTitle(t`No such page`);
  return (
    <section className="panel" role="alert">
      <h1>{t`No such page`}</h1>
      <p>{t`Addresses look like /locations/12/occupancy.`}</p>
      <Link to="/">{t`Open the default view`}</Link>
    </section>
  );
}
