'use client';

import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Background, Handle, MarkerType, Position, ReactFlow, useReactFlow, useStore, type Edge, type Node, type NodeProps } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { Building2, MoveHorizontal, UserRound } from 'lucide-react';
import { partyName, type OwnershipDiagramData } from './relationship-types';

type PartyNode = Node<{ name: string; kind: string; isSubject: boolean; ubo: string | null; dir: 'ltr' | 'rtl' }, 'party'>;

const LAYER_GAP = 150;
const NODE_GAP = 230;
/** A card's width (w-48). */
const NODE_WIDTH = 192;
/** The margin fitView keeps around the cards, on each side. */
const FIT_PADDING_PX = 24;
const FIT_PADDING = `${FIT_PADDING_PX}px`;
/** How far the cards may shrink to fit the frame (names stay legible); below that the frame scrolls. */
const MIN_SCALE = 0.9;

/**
 * Owners above what they own: each entity sits one layer above the closest thing it owns (its
 * shortest distance from the organization), ordered by name within a layer. In Arabic the layers
 * read right to left: x is mirrored, and each node's text keeps its own direction.
 */
export function layoutOwnership(data: OwnershipDiagramData, locale: string): Map<string, { x: number; y: number }> {
  const depth = new Map<string, number>([[data.subjectId, 0]]);
  const queue = [data.subjectId];
  while (queue.length) {
    const current = queue.shift()!;
    for (const edge of data.edges) {
      if (edge.ownedId === current && !depth.has(edge.ownerId)) {
        depth.set(edge.ownerId, depth.get(current)! + 1);
        queue.push(edge.ownerId);
      }
    }
  }
  const maxDepth = Math.max(0, ...depth.values());
  const layers = new Map<number, string[]>();
  const names = new Map(data.nodes.map((node) => [node.id, partyName(locale, node)]));
  for (const [id, d] of depth) layers.set(d, [...(layers.get(d) ?? []), id]);
  const positions = new Map<string, { x: number; y: number }>();
  for (const [d, ids] of layers) {
    ids.sort((a, b) => (names.get(a) ?? '').localeCompare(names.get(b) ?? '', locale));
    ids.forEach((id, index) => {
      const x = (index - (ids.length - 1) / 2) * NODE_GAP;
      positions.set(id, { x: locale === 'ar' ? -x : x, y: (maxDepth - d) * LAYER_GAP });
    });
  }
  return positions;
}

/**
 * The narrowest the diagram may be: its widest layer at MIN_SCALE, with fitView's margin. It is
 * never narrower, so on a phone it scrolls sideways instead of shrinking its cards out of reach.
 */
export function minimumWidth(positions: Map<string, { x: number; y: number }>): number {
  const xs = [...positions.values()].map((p) => p.x);
  const span = xs.length ? Math.max(...xs) - Math.min(...xs) : 0;
  return Math.ceil((span + NODE_WIDTH) * MIN_SCALE) + 2 * FIT_PADDING_PX + 2;
}

function PartyCard({ data }: NodeProps<PartyNode>) {
  const Icon = data.kind === 'Organization' ? Building2 : UserRound;
  return (
    <div
      dir={data.dir}
      className={`w-48 rounded-lg border bg-white px-3 py-2 text-start shadow-sm ${data.isSubject ? 'border-brand-600 ring-2 ring-brand-200' : data.ubo ? 'border-amber-500' : 'border-slate-300'}`}
    >
      <Handle type="target" position={Position.Top} className="!bg-slate-400" isConnectable={false} />
      <div className="flex items-start gap-2">
        <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-600" />
        <p className="min-w-0 text-sm font-medium break-words text-slate-900">
          <bdi>{data.name}</bdi>
        </p>
      </div>
      {data.ubo ? <p className="mt-1 text-xs font-medium text-amber-900">{data.ubo}</p> : null}
      <Handle type="source" position={Position.Bottom} className="!bg-slate-400" isConnectable={false} />
    </div>
  );
}

const nodeTypes = { party: PartyCard };

/** Fits the cards again whenever the frame changes size (a phone turned, a window resized). */
function RefitOnResize() {
  const { fitView } = useReactFlow();
  const width = useStore((state) => state.width);
  const height = useStore((state) => state.height);
  useEffect(() => {
    if (width && height) void fitView({ padding: FIT_PADDING });
  }, [fitView, width, height]);
  return null;
}

/**
 * The ownership diagram (React Flow): read-only, owners above what they own, arrows labelled with
 * the direct share, beneficial owners outlined. The same facts are given as text beside it.
 *
 * Its cards never shrink below MIN_SCALE: where the frame is narrower (a phone), it scrolls sideways
 * inside its own focusable, labelled region, starting centred on the organization, with a hint
 * that says so. In Arabic the region scrolls from the right, as the layers read.
 */
export function OwnershipDiagram({
  data,
  locale,
  label,
  scrollHint,
  uboLabel,
  unknownShare,
}: {
  data: OwnershipDiagramData;
  locale: string;
  label: string;
  /** Shown when the diagram is wider than its frame: how to see the rest. */
  scrollHint: string;
  /** Per beneficial owner id: e.g. "Beneficial owner · 48%". */
  uboLabel: Record<string, string>;
  unknownShare: string;
}) {
  const { nodes, edges, height, width } = useMemo(() => {
    const positions = layoutOwnership(data, locale);
    const dir = locale === 'ar' ? 'rtl' : 'ltr';
    const nodes: PartyNode[] = data.nodes
      .filter((node) => positions.has(node.id))
      .map((node) => ({
        id: node.id,
        type: 'party',
        position: positions.get(node.id)!,
        data: { name: partyName(locale, node), kind: node.type, isSubject: node.id === data.subjectId, ubo: uboLabel[node.id] ?? null, dir },
      }));
    const edges: Edge[] = data.edges
      .filter((edge) => positions.has(edge.ownerId) && positions.has(edge.ownedId))
      .map((edge) => ({
        id: edge.relationshipId,
        source: edge.ownerId,
        target: edge.ownedId,
        label: edge.ownershipPercent === null ? unknownShare : `${edge.ownershipPercent}%`,
        labelStyle: { fontSize: 12, fontWeight: 600 },
        markerEnd: { type: MarkerType.ArrowClosed },
        style: edge.ownershipPercent === null ? { strokeDasharray: '4 3' } : undefined,
      }));
    const layers = new Set([...positions.values()].map((p) => p.y)).size;
    return { nodes, edges, height: Math.max(260, layers * LAYER_GAP + 60), width: minimumWidth(positions) };
  }, [data, locale, uboLabel, unknownShare]);

  const hintId = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const frame = scroller.current;
    if (!frame) return;
    let centred = false;
    const measure = () => {
      const wider = frame.scrollWidth > frame.clientWidth + 1;
      setOverflowing(wider);
      if (wider && !centred) {
        // The organization sits in the middle: show it first. In right-to-left, scrollLeft runs negative.
        centred = true;
        const middle = (frame.scrollWidth - frame.clientWidth) / 2;
        frame.scrollLeft = getComputedStyle(frame).direction === 'rtl' ? -middle : middle;
      }
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(frame);
    return () => observer.disconnect();
  }, [width]);

  return (
    <div className="flex flex-col gap-2" data-testid="ownership-diagram">
      {overflowing ? (
        <p id={hintId} className="flex items-center gap-1.5 text-xs text-slate-600">
          <MoveHorizontal aria-hidden className="size-4 shrink-0" />
          {scrollHint}
        </p>
      ) : null}
      <div
        ref={scroller}
        role="region"
        aria-label={label}
        aria-describedby={overflowing ? hintId : undefined}
        tabIndex={overflowing ? 0 : undefined}
        className="overflow-x-auto overscroll-x-contain rounded-md border border-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        {/* The pane does not pan (React Flow's stylesheet blocks touch there): a finger on it scrolls the frame. */}
        <div className="w-full [&_.react-flow\_\_pane]:touch-manipulation!" style={{ height, minWidth: width }}>
          <ReactFlow
            nodes={nodes}
            edges={edges}
            nodeTypes={nodeTypes}
            fitView
            fitViewOptions={{ padding: FIT_PADDING }}
            nodesDraggable={false}
            nodesConnectable={false}
            nodesFocusable={false}
            edgesFocusable={false}
            elementsSelectable={false}
            panOnDrag={false}
            zoomOnScroll={false}
            zoomOnPinch={false}
            zoomOnDoubleClick={false}
            preventScrolling={false}
            disableKeyboardA11y
            minZoom={0.3}
          >
            <Background gap={24} size={1} />
            <RefitOnResize />
          </ReactFlow>
        </div>
      </div>
    </div>
  );
}
