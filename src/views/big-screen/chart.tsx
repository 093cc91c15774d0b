import { useContext, useEffect, useRef } from 'react';
import { echarts, type EChartsCoreOption } from './echarts-setup';
import { StageScale } from './scaled-stage';

/**
 * One chart: created once per stage scale (the canvas's pixel ratio follows it), resized when its
 * box changes (ResizeObserver, not only the window), updated in place with setOption (a new
 * instance per update leaks on a wall that runs for days, echarts #4726), disposed on leave.
 */
export function Chart({ option, label, testId }: { option: EChartsCoreOption; label: string; testId?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof echarts.init> | null>(null);
  const scale = useContext(StageScale);

  useEffect(() => {
    const el = box.current!;
    const c = echarts.init(el, undefined, { devicePixelRatio: (window.devicePixelRatio || 1) * scale });
    chart.current = c;
    const observer = new ResizeObserver(() => c.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, [scale]);

  useEffect(() => {
    chart.current?.setOption(option);
  }, [option, scale]);

  return <div ref={box} className="bs-chart" role="img" aria-label={label} data-testid={testId} />;
}
