import { getRouteApi, Link, useNavigate, useRouter } from '@tanstack/react-router';
import { memo, startTransition, useDeferredValue, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { Mode } from '../../../shared/limits';
import { m } from '../../../shared/paraglide/messages.js';
import { effectiveMode, visibleModes } from '../../../shared/permissions';
import { Button, buttonClass } from '../../components/button';
import { PageHeader } from '../../components/page-header';
import { PageSpinner } from '../../components/spinner';
import { trpc } from '../../lib/trpc';
import { useAccountInfo } from '../../lib/account';
import { useOutboxItems } from './offline/outbox-state';
import { DownloadButton } from '../export/download-button';
import { PrintHeader, usePrintSheet } from './print-sheet';
import { usePagedWorksheet, type PagedWorksheet } from './paged-list';
import { WorksheetTotal } from './entries-totals';
import { WorksheetEntries } from './worksheet-entries';
import { MasterDataAge } from '../../offline/master-data-age';
import { todayIso, useFormSettings, useMediaQuery } from './ws-data';
import { weekOf } from '../../../shared/week';
import { errorMessage, isNetworkError } from '../../lib/errors';
import { retryUnreachable, SERVER_BACK_EVENT } from '../../lib/recovery';
import { EmptyState } from '../../components/empty-state';
import { LazyBoundary, lazyPart, sharedLazyPart, useMountedOnce } from '../../lib/lazy';
import type { ComponentProps } from 'react';
import type { WeekView as WeekViewType } from './week-view';
import type { WorksheetForm as WorksheetFormType } from './worksheet-form';
import type { TWorksheetFormSettings } from '../../../shared/schemas/worksheet';
import { HomeGlance } from '../report/home-glance';
import { approvableOf, useBulkApprove, useSelection } from './bulk-approve';
import type { BulkBar as BulkBarType } from './bulk-bar';
import { ListFilterBar } from './list-filter-bar';
import { WeekReminder } from './week-submit-reminder';
import { filterInput, hasFilters, parseListFilters, type ListFilters } from './list-filters';
import { forgetPlace, peekPlace } from './return-place';
import './worksheet.css';

const route = getRouteApi('/_app/');

// The list of entries waiting on this device shows only when there are some; the menu's count
// preloads this same part as soon as entries wait (features/worksheet/offline/outbox-menu.tsx, decision 0185).
const OutboxListPart = sharedLazyPart<{ settings: TWorksheetFormSettings | undefined }>('outbox-list', () => import('./offline/outbox-list').then((mod) => mod.OutboxList));

/** The outbox list, fetched once entries wait (they come from IndexedDB, never at first paint). */
function WaitingEntries({ settings }: { settings: TWorksheetFormSettings | undefined }) {
  const waiting = useOutboxItems().length > 0;
  // Stays once shown: the list keeps its edit dialog open while the last entry is sent.
  const [mounted] = useMountedOnce(waiting);
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  // Its chunk could not be fetched (offline before the service worker had it): fetched again when
  // the connection or the server is back, and every few seconds, so the entries show without a reload.
  useEffect(() => {
    if (!failed) return;
    let done = false;
    const again = () =>
      void OutboxListPart.ready().then((ok) => {
        if (!ok || done) return;
        done = true;
        setFailed(false);
        setAttempt((n) => n + 1);
      });
    const timer = window.setInterval(again, 5_000);
    window.addEventListener('online', again);
    window.addEventListener(SERVER_BACK_EVENT, again);
    return () => {
      done = true;
      window.clearInterval(timer);
      window.removeEventListener('online', again);
      window.removeEventListener(SERVER_BACK_EVENT, again);
    };
  }, [failed]);
  if (!mounted || failed) return null;
  return (
    // A failed chunk says so in a toast; the entries still wait and are sent as before.
    <LazyBoundary key={attempt} part={OutboxListPart} onFailed={() => setFailed(true)}>
      <OutboxListPart.Component settings={settings} />
    </LazyBoundary>
  );
}

// The selection's bar, on the Team and All tabs only: Yours never fetches its code (issue 25 §4).
const BulkBarPart = lazyPart<ComponentProps<typeof BulkBarType>>(() => import('./bulk-bar').then((mod) => mod.BulkBar));

// Issue 22 §6: the week view loads on first use, never with the home page (decision 0185).
const WeekViewPart = lazyPart<ComponentProps<typeof WeekViewType>>(() => import('./week-view').then((mod) => mod.WeekView));

/*
 * Switching Days ⇄ Week changes only the search: the parts above the tabs keep their props, so
 * they are not rendered again on that click (the inline form alone was ~20 ms of the week's first
 * render at 4× CPU slowdown, decision 0256).
 */
const Glance = memo(HomeGlance);
// Issue 25 §4: the inline entry form shows from 640 px only; a phone never fetches its code with the
// home page. Where it shows, its chunk is asked for together with the page's, not after a render.
const InlineFormPart = lazyPart<ComponentProps<typeof WorksheetFormType>>(() => import('./worksheet-form').then((mod) => mod.WorksheetForm));
if (typeof window !== 'undefined' && window.matchMedia('(min-width: 640px)').matches) InlineFormPart.preload();
const InlineForm = memo(function InlineForm({ settings }: { settings: TWorksheetFormSettings }) {
  return (
    <section className="card ws-new" id="ws-new" aria-labelledby="ws-new-title">
      <h2 id="ws-new-title" className="ws-new__title">
        {m.ws_form_new_title()}
      </h2>
      <MasterDataAge />
      <LazyBoundary part={InlineFormPart} onFailed={() => undefined}>
        <InlineFormPart.Component settings={settings} layout="inline" />
      </LazyBoundary>
    </section>
  );
});

/**
 * The week view's place (issue 22 §6). Shown on the Week tab; built ahead once `buildRef` is
 * called (the tab's intent, when its chunk and the week are here), in a transition (time-sliced),
 * inside a slot that is laid out at the week's own width but out of sight, out of the page's
 * height, inert and hidden from assistive technology (.wk-slot--ahead). The click then only
 * changes the slot's class: no element is made and the table is not laid out again (decision
 * 0292). The state is the slot's own: building re-renders nothing else of the page. Once built the
 * week stays, hidden while the days show; back on Week it shows as it was.
 */
const WeekSlot = memo(function WeekSlot({
  shown,
  week,
  user,
  canPick,
  buildRef,
}: {
  shown: boolean;
  week: string | undefined;
  user: string | undefined;
  canPick: boolean;
  buildRef: RefObject<(() => void) | null>;
}) {
  const [built, setBuilt] = useState(false);
  useEffect(() => {
    buildRef.current = () => startTransition(() => setBuilt(true));
    return () => {
      buildRef.current = null;
    };
  }, [buildRef]);
  // The same element while the week and person stay: showing the week built ahead (or hiding it)
  // changes the slot's class only, and React passes the week by without rendering it again
  // (it rendered its whole grid in the click: decision 0460).
  const view = useMemo(
    () => (
      <LazyBoundary part={WeekViewPart} onFailed={() => undefined}>
        <WeekViewPart.Component week={week} user={user} canPick={canPick} />
      </LazyBoundary>
    ),
    [week, user, canPick],
  );
  // Shown once, it stays built (hidden while the days show).
  if (shown && !built) setBuilt(true);
  if (!shown && !built) return null;
  return (
    <div className={shown ? 'wk-slot' : 'wk-slot wk-slot--ahead'} inert={!shown} aria-hidden={shown ? undefined : true}>
      {view}
    </div>
  );
});

/** The list before its first background render (useDeferredValue's initial value). */
const NO_GROUPS: PagedWorksheet['groups'] = [];

const tabLabel: Record<Mode, () => string> = {
  YOURS: m.ws_tab_yours,
  TEAM: m.ws_tab_team,
  ALL: m.ws_tab_all,
};

/**
 * Spec §2 worksheet home: tabs by ?mode, the entry form inline from 640 px (a link to
 * /worksheet/add on phones), the total card, the day cards, download and print.
 */
export function WorksheetHomePage() {
  const search = route.useSearch();
  const settings = useFormSettings();
  // The account info is there before the page renders; the form settings say the same once loaded.
  const info = useAccountInfo();
  const role = settings.data?.profileType ?? info.profileType;
  const mode: Mode = effectiveMode(role, search.mode) ?? 'YOURS';
  const modes = visibleModes(role);
  const weekView = search.view === 'week';
  const navigate = useNavigate();
  const router = useRouter();
  // Issue 23 §1: the list's filters live in the URL (routes/_app/index.tsx parses them).
  // Parsed again here: the router keeps a raw value next to the validated ones (e.g. status=all).
  const filters: ListFilters = useMemo(
    () =>
      parseListFilters({
        person: search.person,
        customer: search.customer,
        job: search.job,
        from: search.from,
        to: search.to,
        status: search.status,
        submission: search.submission,
      }),
    [search.person, search.customer, search.job, search.from, search.to, search.status, search.submission],
  );
  const listInput = useMemo(() => ({ mode, ...filterInput(filters) }), [mode, filters]);
  // Issue 38 §5: an admin's (or leader's) empty Yours tab says where the entries are.
  const elsewhere =
    mode === 'YOURS' && !hasFilters(filters) && role !== 'Basic'
      ? role === 'Admin'
        ? { mode: 'ALL' as const, text: m.exp_none_yours_admin(), link: m.exp_open_all_tab() }
        : { mode: 'TEAM' as const, text: m.exp_none_yours_leader(), link: m.exp_open_team_tab() }
      : null;
  const setFilters = (next: ListFilters) => void navigate({ to: '/', search: { mode: search.mode, ...next } });
  // Paged on the server (issue 9): the first page, then the next ones as the user scrolls.
  const { query: list, paged } = usePagedWorksheet(listInput);
  const inlineForm = useMediaQuery('(min-width: 640px)');
  // Issue 23 §4: on tablets the Team and All lists come first; the form opens on demand.
  const desk = useMediaQuery('(min-width: 1280px)');
  const [formOpen, setFormOpen] = useState(false);
  const formOnDemand = inlineForm && !desk && mode !== 'YOURS';
  const showForm = inlineForm && (!formOnDemand || formOpen);
  // Issue 23 §2: selection and bulk approval on Team and All.
  const selection = useSelection(JSON.stringify(listInput));
  const bulk = useBulkApprove();
  const [highlight, setHighlight] = useState<ReadonlySet<number>>(() => new Set());
  const flash = (ids: readonly number[]) => {
    setHighlight(new Set(ids));
    window.setTimeout(() => setHighlight(new Set()), 2500);
  };
  // Issue 23 §3: back from an entry's edit page — the same scroll position, the entry highlighted.
  const hl = search.hl ? Number(search.hl) : undefined;
  // After the list's own fetch on return, not the cached pages from before the edit: the flash
  // then lights the entry as saved, and the offset is restored on the final heights (a busy
  // server answered after the 2.5 s flash had lit the old text; e2e worksheet-review, issue 25 §4).
  const groups = paged.groups;
  // Issue 25 §4: the day list renders in the background (a deferred render is time-sliced: React
  // yields to the browser every few ms), not inside the synchronous update that delivers a page
  // (TanStack Query's), which was one long task of ~0.3–1 s at 4× CPU slowdown on a phone. The
  // page shows its spinner until the first one is there; a later page keeps the shown list meanwhile.
  const shownGroups = useDeferredValue(groups, NO_GROUPS);
  // Not fetching: a list asked again on mount is fetching from its first render (and one fetched a
  // moment ago is not asked again, paged-list.ts).
  const listReady = !list.isLoading && !list.isFetching && paged.loaded > 0 && shownGroups === groups;
  useEffect(() => {
    if (hl === undefined || !listReady) return;
    const place = peekPlace();
    forgetPlace();
    flash([hl]);
    requestAnimationFrame(() => {
      const row = document.querySelector(`[data-entry-id="${hl}"]`);
      if (place) window.scrollTo({ top: place.scrollY });
      // The row stays in view even if the list above it changed size meanwhile.
      const r = row?.getBoundingClientRect();
      if (row && r && (r.top < 0 || r.bottom > window.innerHeight)) row.scrollIntoView({ block: 'center' });
    });
    // The highlight's mark leaves the URL, unless the user has gone on meanwhile: an Edit clicked
    // while the list was still being asked again is a navigation under way, and this one, coming
    // after it, took them back home (seen in CI, e2e worksheet-drafts).
    if (router.state.location.pathname === '/') {
      void navigate({ to: '/', search: (prev: Record<string, unknown>) => ({ ...prev, hl: undefined }), replace: true });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per return
  }, [hl, listReady]);
  // With entries waiting on this device, "no entries yet" would contradict the list above it.
  const waiting = useOutboxItems().length > 0;

  // Print button and Ctrl+P reload, then print; the browser menu prints what is shown (decision 0170).
  const utils = trpc.useUtils();
  const { printing, print } = usePrintSheet(() => Promise.all([list.refetch(), utils.worksheet.totals.invalidate()]));
  // A print shows what the reload before it brought, at once (its render is synchronous anyway).
  const listGroups = printing ? groups : shownGroups;
  // Until the deferred render has the entries, the spinner: the empty list from before the first
  // page (not only the initial NO_GROUPS) would say "no entries" meanwhile.
  const listRendering = listGroups.length === 0 && groups.length > 0;
  // The next page is asked for from the pages shown: while a page that came waits to be shown, the
  // list would otherwise ask for the one after it (issue 25 §4: three pages fetched on opening /).
  const shownCurrent = listGroups === groups;
  const loadMore = () => {
    if (shownCurrent) paged.loadMore();
  };

  // Intent on the Week tab (pointer over it, focus, a finger down) fetches the week's chunk and
  // the week it opens on (decision 0256); once both are here the week is built and laid out ahead,
  // hidden (WeekSlot), so the click only shows it (decision 0292).
  const buildWeek = useRef<(() => void) | null>(null);
  const preloadWeek = () => {
    const input = { week: search.week ?? weekOf(todayIso()), username: search.user ?? null };
    void Promise.all([WeekViewPart.ready(), utils.worksheet.week.prefetch(input)]).then(([loaded]) => {
      if (loaded) buildWeek.current?.();
    });
  };

  // The day list, only while it shows. Unmounted in the week view: kept hidden there, the
  // virtualised list went on measuring and rendering behind the week (630–740 ms of main-thread
  // work at 4× CPU slowdown on the Week tab's click, against 268 ms unmounted; decision 0256).
  // Hidden in a React <Activity> instead (effects cleaned up, DOM kept), the click was no faster
  // (style and layout of the hidden list; decision 0288).
  // Issue 25 §4: the page's first render holds its header and the glance; the day list's controls
  // (tabs, filters, totals) follow in a background render of their own (time-sliced), so the first
  // commit of the whole app after its first data is not one long task on a phone. Meanwhile a
  // spinner a screen high holds their place: the footer stays below the fold and does not jump.
  const controlsShown = useDeferredValue(true, false);
  const days = weekView ? null : !controlsShown ? (
    <div className="ws-days-pending">
      <PageSpinner />
    </div>
  ) : (
    <>
      {modes.length > 1 && (
        <nav className="ws-tabs" aria-label={m.ws_tabs_label()}>
          {modes.map((t) => (
            <Link
              key={t}
              to="/"
              search={{ mode: t === 'YOURS' ? undefined : t }}
              className={t === mode ? 'ws-tab is-active' : 'ws-tab'}
              aria-current={t === mode ? 'page' : undefined}
            >
              {tabLabel[t]()}
            </Link>
          ))}
        </nav>
      )}
      <ListFilterBar mode={mode} filters={filters} onChange={setFilters} totals={paged.totals} showCustomer={settings.data?.showCustomer ?? true} />
      <PrintHeader title={m.ws_title()} view={tabLabel[mode]()} from={groups.at(-1)?.key} to={groups[0]?.key} loadedAt={list.dataUpdatedAt} />
      {/* Listed even before the form settings are known (server out of reach, no device copy yet). */}
      {mode === 'YOURS' && <WaitingEntries settings={settings.data} />}
      {list.isLoading || settings.isLoading || listRendering ? (
        <PageSpinner />
      ) : list.error && isNetworkError(list.error) && !groups.length ? (
        // Offline (or the server out of reach): the entries waiting on the device are above; the
        // server's list comes back on its own when the connection does (refetch on reconnect).
        // Entries already loaded stay shown below.
        // Issue 22 §7: asked again by itself with back-off (lib/recovery.ts); "Retry" asks now.
        <EmptyState
          title={m.ws_list_unreachable()}
          text={m.ws_list_retrying()}
          action={
            <Button variant="secondary" onClick={retryUnreachable}>
              {m.ws_list_retry()}
            </Button>
          }
        />
      ) : list.error && !isNetworkError(list.error) ? (
        <p className="form-error" role="alert">
          {errorMessage(list.error)}
        </p>
      ) : (
        <>
          <WorksheetTotal groups={listGroups} totals={paged.totals} />
          <WorksheetEntries
            groups={listGroups}
            mode={mode}
            emptyText={mode === 'YOURS' && waiting ? m.ws_empty_waiting() : elsewhere ? elsewhere.text : undefined}
            emptyAction={
              elsewhere && !waiting ? (
                <Link to="/" search={{ mode: elsewhere.mode }}>
                  {elsewhere.link}
                </Link>
              ) : undefined
            }
            showAll={printing}
            forceTable={printing}
            selection={selection}
            highlight={highlight}
            focusId={listReady ? hl : undefined}
            onApproveDay={(group) => void bulk.run({ ids: approvableOf(group) }, true).then((changed) => changed.length > 0 && flash(changed))}
            paging={{
              // A page that came but is not shown yet still counts as "more, loading".
              hasMore: paged.hasMore || !shownCurrent,
              loadMore,
              isFetchingMore: paged.isFetchingMore || !shownCurrent,
              total: paged.totals?.entries ?? paged.loaded,
            }}
          />
          {mode !== 'YOURS' && (
            <LazyBoundary part={BulkBarPart} onFailed={() => undefined}>
              <BulkBarPart.Component
                selection={selection}
                matching={paged.totals?.entries ?? null}
                loadedSelectable={groups.reduce((n, g) => n + g.worksheet.filter((r) => r.canApprove).length, 0)}
                filter={listInput}
                onDone={flash}
              />
            </LazyBoundary>
          )}
        </>
      )}
    </>
  );

  return (
    <div className="ws-home ws-sheet">
      <PageHeader
        title={m.ws_title()}
        subtitle={m.ws_subtitle()}
        actions={
          <>
            {formOnDemand && (
              <Button variant={formOpen ? 'secondary' : 'primary'} aria-expanded={formOpen} aria-controls="ws-new" onClick={() => setFormOpen((o) => !o)}>
                {formOpen ? m.ws_new_entry_close() : m.ws_new_entry_open()}
              </Button>
            )}
            {!inlineForm && (
              <Link to="/worksheet/add" className={buttonClass('primary')}>
                <svg className="ws-icon" viewBox="0 0 24 24" aria-hidden="true">
                  <path d="M12 5v14M5 12h14" />
                </svg>
                {m.ws_add_entry()}
              </Link>
            )}
            <DownloadButton selection={listInput} onPeriodChange={(period) => setFilters({ ...filters, ...period })} />
            <Button variant="secondary" onClick={() => void print()} className="ws-print-button">
              <svg className="ws-icon" viewBox="0 0 24 24" aria-hidden="true">
                <path d="M7 9V4h10v5M7 17H5a1 1 0 01-1-1v-6a1 1 0 011-1h14a1 1 0 011 1v6a1 1 0 01-1 1h-2M7 14h10v6H7z" />
              </svg>
              {m.ws_print()}
            </Button>
          </>
        }
      />
      {/* Asked for with the page's first calls, not after the form settings (issue 25 §4: it was
          the page's largest text, painted one round trip later on a phone). */}
      <Glance role={role} />
      <WeekReminder />
      {/* Issue 40 §4: the keyboard's way past the inline form to the Days/Week tabs and the grid. */}
      {showForm && settings.data && (
        <a className="skip-link" href="#ws-views">
          {m.ws_skip_form()}
        </a>
      )}
      {showForm && settings.data && <InlineForm settings={settings.data} />}
      <nav className="ws-tabs ws-views" id="ws-views" tabIndex={-1} aria-label={m.ws_view_label()}>
        <Link to="/" search={{ mode: search.mode }} className={weekView ? 'ws-tab' : 'ws-tab is-active'} aria-current={weekView ? undefined : 'page'}>
          {m.ws_view_days()}
        </Link>
        <Link
          to="/"
          search={{ view: 'week', week: search.week, user: search.user }}
          className={weekView ? 'ws-tab is-active' : 'ws-tab'}
          aria-current={weekView ? 'page' : undefined}
          onMouseEnter={preloadWeek}
          onFocus={preloadWeek}
          onTouchStart={preloadWeek}
        >
          {m.ws_view_week()}
        </Link>
      </nav>
      <WeekSlot shown={weekView} week={search.week} user={search.user} canPick={role !== 'Basic'} buildRef={buildWeek} />
      {days && <div className="ws-days-view">{days}</div>}
    </div>
  );
}
