// The import of a spreadsheet, one screen for every kind (clients, organizations, suppliers):
// send the file, map its columns, preview, run, result. The open import lives in the address
// (?importacao=123), so a reload, or a link from the recent imports, shows it where it is.
import { parseRecordId } from '@app/shared/constants';
import type { Import, ImportKind, ImportPreview } from '@app/shared/imports';
import { Button, Card, EmptyState, Skeleton, Stack } from '@mantine/core';
import { IconFileAlert } from '@tabler/icons-react';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { BackLink, LoadFailed } from '../../components/ScreenStates';
import { recordNotFound } from '../../lib/record-route';
import { useTRPC } from '../../lib/trpc';
import { IMPORT_PARAM, importUrl, isRunning, KIND_PARAM, STEP } from './labels';
import { MappingStep, type MappingValues } from './MappingStep';
import { PreviewStep } from './PreviewStep';
import { RecentImports } from './RecentImports';
import { ResultStep, RunStep } from './RunSteps';
import { CardStyle, StepFrame } from './StepFrame';
import { UploadStep } from './UploadStep';

const POLL_MS = 1000;
/** Refused rows per page of the preview. */
const INVALID_PER_PAGE = 10;

export type ImportTarget = {
  /** The kinds this screen imports (the first is chosen at first). */
  kinds: readonly ImportKind[];
  /** The list the records go to. */
  list: { to: string; back: string; open: string };
};

/** An import of the address: its step from its status, the mapping and preview while nothing is written, the progress while it runs. */
function OpenImport({
  id,
  target,
  focusRequest,
  onStartOver,
}: {
  id: number;
  target: ImportTarget;
  focusRequest: RefObject<boolean>;
  onStartOver: (kind?: ImportKind) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery(
    trpc.imports.get.queryOptions({ id }, { refetchInterval: (q) => (isRunning(q.state.data?.status) ? POLL_MS : false) }),
  );
  const imp = query.data;
  const [preview, setPreview] = useState<ImportPreview | null>(null);

  const status = imp?.status;
  const kind = imp?.kind;
  useEffect(() => {
    if (!status || !kind) return;
    void queryClient.invalidateQueries({ queryKey: trpc.imports.list.pathKey() });
    // The records are there now: the lists show them on the next visit.
    if (status === 'done') {
      void queryClient.invalidateQueries({ queryKey: kind === 'suppliers' ? trpc.suppliers.pathKey() : trpc.clients.pathKey() });
    }
  }, [status, kind]);

  const setImport = (next: Import) => queryClient.setQueryData(trpc.imports.get.queryKey({ id }), next);
  const previewing = useMutation(trpc.imports.preview.mutationOptions());
  const start = useMutation(
    trpc.imports.start.mutationOptions({
      onSuccess: (started) => {
        setImport(started);
        setPreview(null);
      },
      // Another tab may have started it meanwhile: the screen follows what it is now.
      onError: () => void query.refetch(),
    }),
  );

  const runPreview = (values: MappingValues, page: number, onError?: (error: unknown) => void) =>
    previewing.mutate(
      { id, ...values, page, per_page: INVALID_PER_PAGE },
      {
        onSuccess: (result) => {
          // The mapping and the choice are saved with the preview, and the rows counted.
          setImport(result.import);
          void queryClient.invalidateQueries({ queryKey: trpc.imports.list.pathKey() });
          setPreview(result);
        },
        onError: (error) => {
          onError?.(error);
          void query.refetch();
        },
      },
    );

  if (recordNotFound(id, query)) {
    return (
      <StepFrame active={STEP.upload} focusRequest={focusRequest}>
        <EmptyState
          icon={<IconFileAlert size={28} aria-hidden />}
          title="Importação não encontrada"
          description="Ela pode ser de outra agência ou o endereço está incorreto."
        >
          <EmptyState.Actions>
            <Button onClick={() => onStartOver()}>Nova importação</Button>
          </EmptyState.Actions>
        </EmptyState>
      </StepFrame>
    );
  }
  if (!imp) {
    return (
      <Card {...CardStyle}>
        {query.isError ? (
          <LoadFailed
            icon={<IconFileAlert size={28} aria-hidden />}
            title="Não foi possível carregar a importação"
            onRetry={() => void query.refetch()}
          />
        ) : (
          <Stack gap="sm" aria-busy="true" aria-label="Carregando importação">
            <Skeleton h={28} w="40%" />
            <Skeleton h={120} />
          </Stack>
        )}
      </Card>
    );
  }
  // An import of the other screen's kind opens there.
  if (!target.kinds.includes(imp.kind)) return <Navigate to={importUrl(imp)} replace />;

  if (imp.status === 'uploaded') {
    const shown = preview?.import.id === imp.id ? preview : null;
    const active = shown ? STEP.preview : STEP.mapping;
    return (
      <StepFrame
        active={active}
        focusRequest={focusRequest}
        canSelect={shown ? [STEP.upload, STEP.mapping] : [STEP.upload]}
        onSelect={(step) => {
          if (step === STEP.upload) onStartOver(imp.kind);
          if (step === STEP.mapping) setPreview(null);
        }}
      >
        {shown ? (
          <PreviewStep
            preview={shown}
            loading={previewing.isPending}
            starting={start.isPending}
            onPage={(page) => runPreview({ mapping: shown.import.mapping, update_existing: shown.import.update_existing }, page)}
            onBack={() => setPreview(null)}
            onStart={() => start.mutate({ id })}
          />
        ) : (
          <MappingStep
            imp={imp}
            pending={previewing.isPending}
            onPreview={(values, onError) => runPreview(values, 1, onError)}
            onStartOver={() => onStartOver(imp.kind)}
          />
        )}
      </StepFrame>
    );
  }
  if (imp.status === 'done') {
    return (
      <StepFrame active={STEP.result + 1} focusRequest={focusRequest}>
        <ResultStep imp={imp} list={{ to: target.list.to, label: target.list.open }} onStartOver={() => onStartOver(imp.kind)} />
      </StepFrame>
    );
  }
  return (
    <StepFrame active={STEP.run} focusRequest={focusRequest}>
      <RunStep imp={imp} restarting={start.isPending} onRestart={() => start.mutate({ id })} />
    </StepFrame>
  );
}

export function ImportScreen({ target }: { target: ImportTarget }) {
  const trpc = useTRPC();
  const [params, setParams] = useSearchParams();
  const id = parseRecordId(params.get(IMPORT_PARAM));
  const [firstKind] = target.kinds;
  const chosen = target.kinds.find((k) => k === params.get(KIND_PARAM)) ?? firstKind ?? 'clients';
  // The recent imports follow the open import's kind, else the one chosen.
  const { data: openKind } = useQuery({ ...trpc.imports.get.queryOptions(id ? { id } : skipToken), select: (imp) => imp.kind });
  const listKind = openKind && target.kinds.includes(openKind) ? openKind : chosen;

  // Set when the user moves to another card (a file sent, a new import): its step takes the focus.
  const focusRequest = useRef(false);

  const kindParams = (kind: ImportKind | undefined): Record<string, string> =>
    kind && target.kinds.length > 1 && kind !== firstKind ? { [KIND_PARAM]: kind } : {};
  const startOver = (kind?: ImportKind) => {
    focusRequest.current = true;
    setParams(kindParams(kind ?? chosen));
  };

  return (
    <Stack gap={0}>
      <BackLink to={target.list.to}>{target.list.back}</BackLink>
      <PageHeader />
      {id ? (
        <OpenImport key={id} id={id} target={target} focusRequest={focusRequest} onStartOver={startOver} />
      ) : (
        <StepFrame active={STEP.upload} focusRequest={focusRequest}>
          <UploadStep
            kinds={target.kinds}
            kind={chosen}
            onKindChange={(kind) => setParams(kindParams(kind), { replace: true })}
            onUploaded={(imp) => {
              focusRequest.current = true;
              setParams({ [IMPORT_PARAM]: String(imp.id) });
            }}
          />
        </StepFrame>
      )}
      <RecentImports key={listKind} kind={listKind} />
    </Stack>
  );
}
