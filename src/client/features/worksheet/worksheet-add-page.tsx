import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { m } from '../../../shared/paraglide/messages.js';
import { buttonClass } from '../../components/button';
import { PageHeader } from '../../components/page-header';
import { PageSpinner } from '../../components/spinner';
import { MasterDataAge } from '../../offline/master-data-age';
import { WorksheetForm } from './worksheet-form';
import { useFormSettings } from './ws-data';
import './worksheet.css';

const route = getRouteApi('/_app/worksheet/add');

/** /worksheet/add: the entry form on a page of its own (phones); Create returns to the worksheet. */
export function WorksheetAddPage() {
  const settings = useFormSettings();
  const navigate = useNavigate();
  const prefill = route.useSearch();
  return (
    <div className="ws-page">
      <PageHeader
        title={m.ws_form_new_title()}
        actions={
          <Link to="/" className={buttonClass('ghost')}>
            {m.ws_back()}
          </Link>
        }
      />
      {settings.data ? (
        <div className="card">
          <MasterDataAge />
          <WorksheetForm settings={settings.data} layout="page" prefill={prefill} onDone={() => void navigate({ to: '/' })} />
        </div>
      ) : (
        <PageSpinner />
      )}
    </div>
  );
}
