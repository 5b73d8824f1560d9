import type { Chart, ChartNode } from './chart';

/** Absolute boxes and edge routes for a chart, laid out by ELK's layered algorithm. */
export interface Box {
  id: string;
  label: string;
  x: number;
  y: number;
  width: number;
  height: number;
  type: ChartNode['type'];
  depth: number;
  initial: boolean;
}

export interface Route {
  id: string;
  points: Array<{ x: number; y: number }>;
  label: string;
  labelAt?: { x: number; y: number };
  /** The transition it draws (chart.ts `ChartTransition.key`): what machine coverage marks taken or missed. */
  key: string;
}

export interface Layout {
  width: number;
  height: number;
  boxes: Box[];
  routes: Route[];
}

const CHAR = 7;
/**
 * ELK is most of the inspector's code (1.3 MB of 1.45): loaded when the first chart is laid out, so
 * the inspector's window shows its actors and timeline without waiting for it.
 */
let elk: Promise<{ layout(graph: never): Promise<unknown> }> | undefined;
const layoutEngine = () =>
  (elk ??= import('elkjs/lib/elk.bundled.js').then(
    ({ default: ELK }) => new ELK(),
    (error: unknown) => {
      // A chunk that failed to arrive is asked for again by the next chart, not failed for good.
      elk = undefined;
      throw error;
    },
  ));

interface ElkNode {
  id: string;
  width?: number;
  height?: number;
  x?: number;
  y?: number;
  children?: ElkNode[];
  labels?: Array<{ text: string; width: number; height: number }>;
  layoutOptions?: Record<string, string>;
  edges?: ElkEdge[];
}
interface ElkEdge {
  id: string;
  sources: string[];
  targets: string[];
  labels?: Array<{ text: string; width: number; height: number; x?: number; y?: number }>;
  sections?: Array<{ startPoint: { x: number; y: number }; endPoint: { x: number; y: number }; bendPoints?: Array<{ x: number; y: number }> }>;
}

export async function layoutChart(chart: Chart): Promise<Layout> {
  const toElk = (node: ChartNode): ElkNode => {
    const labelWidth = node.key.length * CHAR + 24;
    if (node.children.length === 0) return { id: node.id, width: Math.max(72, labelWidth), height: 34 };
    return {
      id: node.id,
      children: node.children.map(toElk),
      layoutOptions: { 'elk.padding': '[top=34,left=14,bottom=14,right=14]' },
    };
  };
  // The machine is drawn as a box inside the graph, so edges can leave and enter it.
  const graph: ElkNode = {
    id: '(graph)',
    children: [toElk(chart.root)],
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.layered.spacing.nodeNodeBetweenLayers': '46',
      'elk.spacing.nodeNode': '28',
      'elk.spacing.edgeLabel': '4',
      'elk.edgeLabels.inline': 'false',
      'elk.json.shapeCoords': 'ROOT',
      'elk.json.edgeCoords': 'ROOT',
      'elk.padding': '[top=8,left=8,bottom=8,right=8]',
    },
    edges: chart.edges.map((edge) => ({
      id: edge.id,
      sources: [edge.source],
      targets: [edge.target],
      labels: [{ text: edge.label, width: edge.label.length * 6.2 + 8, height: 16 }],
    })),
  };
  const laid = (await (await layoutEngine()).layout(graph as never)) as unknown as ElkNode;

  const initialIds = new Set<string>();
  const markInitial = (node: ChartNode) => {
    if (node.initial) initialIds.add(`${node.id}.${node.initial}`);
    node.children.forEach(markInitial);
  };
  markInitial(chart.root);
  const types = new Map<string, ChartNode>();
  const index = (node: ChartNode) => {
    types.set(node.id, node);
    node.children.forEach(index);
  };
  index(chart.root);

  const boxes: Box[] = [];
  const collect = (node: ElkNode, depth: number) => {
    const chartNode = types.get(node.id);
    boxes.push({
      id: node.id,
      label: chartNode?.key ?? node.id,
      x: node.x ?? 0,
      y: node.y ?? 0,
      width: node.width ?? 0,
      height: node.height ?? 0,
      type: chartNode?.type ?? 'atomic',
      depth,
      initial: initialIds.has(node.id),
    });
    for (const child of node.children ?? []) collect(child, depth + 1);
  };
  for (const child of laid.children ?? []) collect(child, 0);

  const routes: Route[] = [];
  const keyOf = new Map(chart.edges.map((edge) => [edge.id, edge.key]));
  const gatherEdges = (node: ElkNode) => {
    for (const edge of node.edges ?? []) {
      const section = edge.sections?.[0];
      if (!section) continue;
      const label = edge.labels?.[0];
      routes.push({
        id: edge.id,
        points: [section.startPoint, ...(section.bendPoints ?? []), section.endPoint],
        label: label?.text ?? '',
        labelAt: label && label.x !== undefined && label.y !== undefined ? { x: label.x, y: label.y } : undefined,
        key: keyOf.get(edge.id) ?? '',
      });
    }
    node.children?.forEach(gatherEdges);
  };
  gatherEdges(laid);
  return { width: laid.width ?? 0, height: laid.height ?? 0, boxes, routes };
}
