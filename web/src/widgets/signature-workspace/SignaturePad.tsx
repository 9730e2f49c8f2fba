import { useRef, useState, type PointerEvent } from 'react';
import { strokePath } from '../page-workspace/ItemGraphic';
import type { Point } from '../../pdf-rendering/page-frame';

const PAD_WIDTH = 480;
const PAD_HEIGHT = 160;

interface SignaturePadProps {
  label: string;
  color: string;
  thickness: number;
  strokes: readonly (readonly Point[])[];
  onStrokes(strokes: Point[][]): void;
}

/**
 * A pad to sign on with a mouse, a finger or a pen: each press draws a stroke,
 * smoothed as the page and the server smooth it. Its units are the pad's own
 * pixels (the drawing is scaled when placed).
 */
export function SignaturePad({ label, color, thickness, strokes, onStrokes }: SignaturePadProps) {
  const svg = useRef<SVGSVGElement>(null);
  const [drawing, setDrawing] = useState<Point[]>();

  const pointOf = (event: { clientX: number; clientY: number }): Point => {
    const box = svg.current!.getBoundingClientRect();
    return [((event.clientX - box.left) / box.width) * PAD_WIDTH, ((event.clientY - box.top) / box.height) * PAD_HEIGHT];
  };
  const down = (event: PointerEvent<SVGSVGElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    setDrawing([pointOf(event)]);
  };
  const move = (event: PointerEvent<SVGSVGElement>) => {
    if (!drawing) return;
    const coalesced = event.nativeEvent.getCoalescedEvents?.() ?? [];
    setDrawing([...drawing, ...(coalesced.length > 0 ? coalesced.map(pointOf) : [pointOf(event)])]);
  };
  const up = () => {
    if (!drawing) return;
    onStrokes([...strokes.map((stroke) => [...stroke]), drawing]);
    setDrawing(undefined);
  };

  return (
    <svg
      ref={svg}
      className="signature-pad"
      viewBox={`0 0 ${PAD_WIDTH} ${PAD_HEIGHT}`}
      role="img"
      aria-label={label}
      data-testid="signature-pad"
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={up}
    >
      <line className="signature-pad__line" x1={24} x2={PAD_WIDTH - 24} y1={PAD_HEIGHT - 36} y2={PAD_HEIGHT - 36} />
      <g stroke={color} strokeWidth={thickness * 2} strokeLinecap="round" strokeLinejoin="round" fill="none">
        {[...strokes, ...(drawing ? [drawing] : [])].map((stroke, index) => (
          <path key={index} d={strokePath(stroke)} />
        ))}
      </g>
    </svg>
  );
}
