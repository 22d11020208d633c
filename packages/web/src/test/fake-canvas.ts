/**
 * jsdom has no canvas. A 2D context whose every method is a harmless no-op lets ECharts run its
 * real lifecycle (init, setOption, events, dispose), so a chart's wiring can be tested.
 */
export function fakeContext(): unknown {
  const target = {};
  const handler: ProxyHandler<object> = {
    get: (_t, key) => {
      if (key === 'measureText') return (text: string) => ({ width: String(text).length * 6 });
      if (key === 'canvas') return document.createElement('div');
      if (key === Symbol.toPrimitive) return () => 0;
      return new Proxy(() => fakeObject, handler);
    },
    set: () => true,
    apply: () => fakeObject,
  };
  const fakeObject: unknown = new Proxy(function () {}, handler);
  return new Proxy(target, handler);
}
