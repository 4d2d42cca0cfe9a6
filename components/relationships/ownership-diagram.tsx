'use client';

import { useMemo } from 'react';
import { Background, Handle, MarkerType, Position, ReactFlow, type Edge, type Node, type NodeProps } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { Building2, UserRound } from 'lucide-react';
import { partyName, type OwnershipDiagramData } from './relationship-types';

type PartyNode = Node<{ name: string; kind: string; isSubject: boolean; ubo: string | null; dir: 'ltr' | 'rtl' }, 'party'>;

const LAYER_GAP = 150;
const NODE_GAP = 230;

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
        <p className="text-sm font-medium break-words text-slate-900">
          <bdi>{data.name}</bdi>
        </p>
      </div>
      {data.ubo ? <p className="mt-1 text-xs font-medium text-amber-900">{data.ubo}</p> : null}
      <Handle type="source" position={Position.Bottom} className="!bg-slate-400" isConnectable={false} />
    </div>
  );
}

const nodeTypes = { party: PartyCard };

/**
 * The ownership diagram (React Flow): read-only, owners above what they own, arrows labelled with
 * the direct share, beneficial owners outlined. The same facts are given as text beside it.
 */
export function OwnershipDiagram({
  data,
  locale,
  label,
  uboLabel,
  unknownShare,
}: {
  data: OwnershipDiagramData;
  locale: string;
  label: string;
  /** Per beneficial owner id: e.g. "Beneficial owner · 48%". */
  uboLabel: Record<string, string>;
  unknownShare: string;
}) {
  const { nodes, edges, height } = useMemo(() => {
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
    return { nodes, edges, height: Math.max(260, layers * LAYER_GAP + 60) };
  }, [data, locale, uboLabel, unknownShare]);

  return (
    <figure className="w-full overflow-hidden rounded-md border border-slate-200" style={{ height }} data-testid="ownership-diagram">
      <figcaption className="sr-only">{label}</figcaption>
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        fitView
        fitViewOptions={{ padding: 0.15 }}
        nodesDraggable={false}
        nodesConnectable={false}
        nodesFocusable={false}
        edgesFocusable={false}
        elementsSelectable={false}
        zoomOnScroll={false}
        preventScrolling={false}
        disableKeyboardA11y
        minZoom={0.3}
      >
        <Background gap={24} size={1} />
      </ReactFlow>
    </figure>
  );
}
