import { parseSync, Visitor, type Plugin } from 'vite';

// The parts of the ESTree nodes read here (oxc's AST, offsets in UTF-16 units).
interface Node {
  type: string;
  start: number;
  end: number;
  [field: string]: unknown;
}
const child = (node: Node, field: string) => node[field] as Node | null | undefined;

/** `import.meta.env.MODE` */
function isMode(node: Node | null | undefined): boolean {
  if (
    node?.type !== 'MemberExpression' ||
    (child(node, 'property')?.['name'] as string) !== 'MODE'
  ) {
    return false;
  }
  const env = child(node, 'object');
  return (
    env?.type === 'MemberExpression' &&
    child(env, 'property')?.['name'] === 'env' &&
    child(env, 'object')?.type === 'MetaProperty'
  );
}

/** true or false when the build mode alone decides `node` (a test), else undefined. */
export function decidedByMode(node: Node | null | undefined, mode: string): boolean | undefined {
  if (!node) return undefined;
  switch (node.type) {
    case 'ParenthesizedExpression':
      return decidedByMode(child(node, 'expression'), mode);
    case 'UnaryExpression': {
      const value =
        node['operator'] === '!' ? decidedByMode(child(node, 'argument'), mode) : undefined;
      return value === undefined ? undefined : !value;
    }
    case 'LogicalExpression': {
      const left = decidedByMode(child(node, 'left'), mode);
      const right = decidedByMode(child(node, 'right'), mode);
      if (node['operator'] === '&&') {
        if (left === false || right === false) return false;
        return left === true && right === true ? true : undefined;
      }
      if (node['operator'] === '||') {
        if (left === true || right === true) return true;
        return left === false && right === false ? false : undefined;
      }
      return undefined;
    }
    case 'BinaryExpression': {
      const operator = node['operator'] as string;
      if (!['===', '!==', '==', '!='].includes(operator)) return undefined;
      const [left, right] = [child(node, 'left'), child(node, 'right')];
      const other = isMode(left) ? right : isMode(right) ? left : undefined;
      if (other?.type !== 'Literal' || typeof other['value'] !== 'string') return undefined;
      return (other['value'] === mode) === operator.startsWith('=');
    }
    default:
      return undefined;
  }
}

/**
 * `code` with each `import('…')` that can run in this build mode turned into a static import:
 * `Promise.resolve(namespace)`. Imports the mode rules out (`MODE === 'firmware' ? null :
 * import(…)`) stay as they are, so a screen the build leaves out does not come in. Undefined
 * when nothing changes.
 */
export function eagerImports(fileName: string, code: string, mode: string): string | undefined {
  if (!code.includes('import(')) return undefined;
  const { program } = parseSync(fileName, code);
  const dead: [number, number][] = [];
  const imports: { start: number; end: number; source: string }[] = [];
  const branches = (
    test: Node | null | undefined,
    yes: Node | null | undefined,
    no: Node | null | undefined,
  ) => {
    const decided = decidedByMode(test, mode);
    const ruledOut = decided === true ? no : decided === false ? yes : undefined;
    if (ruledOut) dead.push([ruledOut.start, ruledOut.end]);
  };
  new Visitor({
    IfStatement: (node) => {
      const n = node as unknown as Node;
      branches(child(n, 'test'), child(n, 'consequent'), child(n, 'alternate'));
    },
    ConditionalExpression: (node) => {
      const n = node as unknown as Node;
      branches(child(n, 'test'), child(n, 'consequent'), child(n, 'alternate'));
    },
    LogicalExpression: (node) => {
      const n = node as unknown as Node;
      const left = decidedByMode(child(n, 'left'), mode);
      const right = child(n, 'right');
      if (right && (n['operator'] === '&&' ? left === false : n['operator'] === '||' && left)) {
        dead.push([right.start, right.end]);
      }
    },
    ImportExpression: (node) => {
      const n = node as unknown as Node;
      const source = child(n, 'source');
      if (source?.type === 'Literal' && typeof source['value'] === 'string') {
        imports.push({ start: n.start, end: n.end, source: source['value'] });
      }
    },
  }).visit(program);
  const live = imports.filter(
    ({ start }) => !dead.some(([from, to]) => start >= from && start < to),
  );
  if (live.length === 0) return undefined;
  let out = code;
  const header: string[] = [];
  [...live].reverse().forEach((entry, index) => {
    const name = `__eagerImport${index}`;
    header.push(`import * as ${name} from ${JSON.stringify(entry.source)};`);
    out = `${out.slice(0, entry.start)}Promise.resolve(${name})${out.slice(entry.end)}`;
  });
  return `${header.join('\n')}\n${out}`;
}

/**
 * The firmware build is one file: a dynamic import there loads nothing, yet makes the bundler
 * wrap every module it reaches in a lazy initialiser, and every importer call them (about 4 kB
 * of js/app.js.gz). Our own modules' dynamic imports become static ones in that build only.
 */
export function firmwareEagerImports(): Plugin {
  return {
    name: 'heliodtu-firmware-eager-imports',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('/node_modules/') || !/\.[cm]?[jt]sx?$/.test(id)) return undefined;
      const changed = eagerImports(id, code, 'firmware');
      // Line numbers move by the imports put in front; the firmware file has no source map
      // but the size map's, which counts by module, not by line.
      return changed === undefined ? undefined : { code: changed, map: null };
    },
  };
}
