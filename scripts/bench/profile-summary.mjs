// The busy time of a V8 CPU profile (node --cpu-prof) by function, for the bench's profile scripts.

/** Busy time by function: self, and inclusive (each function counted once per sample's stack). */
export function summarise(profile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const label = ({ callFrame: f }) =>
    `${f.functionName || '(anonymous)'} ${f.url.replace(/.*\//, '')}${f.lineNumber >= 0 ? `:${f.lineNumber + 1}` : ''}`;
  const self = new Map();
  const inclusive = new Map();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const micros = profile.timeDeltas[i] ?? 0;
    if (nodes.get(id).callFrame.functionName === '(idle)') return;
    busy += micros;
    self.set(label(nodes.get(id)), (self.get(label(nodes.get(id))) ?? 0) + micros);
    const seen = new Set();
    for (let at = id; at !== undefined; at = parents.get(at)) {
      const name = label(nodes.get(at));
      if (!seen.has(name)) inclusive.set(name, (inclusive.get(name) ?? 0) + micros);
      seen.add(name);
    }
  });
  const top = (map, count) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, micros]) => `  ${((micros / busy) * 100).toFixed(1).padStart(5)} %  ${name}`)
      .join('\n');
  return `busy ${(busy / 1e6).toFixed(1)} s\nself:\n${top(self, 25)}\ninclusive:\n${top(inclusive, 40)}`;
}
