import type { PageItem } from '@folio/registry';
import { DEFAULT_COLOURS, DEFAULT_FONT_SIZE, DEFAULT_THICKNESS, FONT_FAMILIES } from './item-appearance';
import { itemBounds } from './item-edits';
import { rectToShown, toShown, type PageFrame, type Point } from '../../pdf-rendering/page-frame';

/** `#rrggbb` with the `#` the API may leave out. */
function cssColour(value: string | undefined, fallback: string): string {
  if (!value) return fallback;
  return /^#?[0-9a-fA-F]{6}$/.test(value) ? (value.startsWith('#') ? value : `#${value}`) : fallback;
}

/** A smooth path through a stroke's points (midpoint quadratic curves), as the server smooths it. */
export function strokePath(points: readonly Point[]): string {
  if (points.length === 0) return '';
  const [first] = points;
  if (points.length < 3) return `M${first![0]} ${first![1]}` + points.map(([x, y]) => ` L${x} ${y}`).join('') + (points.length === 1 ? ' l0.01 0' : '');
  let path = `M${first![0]} ${first![1]}`;
  for (let i = 1; i < points.length - 1; i++) {
    const [x, y] = points[i]!;
    const [nx, ny] = points[i + 1]!;
    path += ` Q${x} ${y} ${(x + nx) / 2} ${(y + ny) / 2}`;
  }
  const [lx, ly] = points.at(-1)!;
  return `${path} L${lx} ${ly}`;
}

/**
 * One item drawn in its page's SVG, whose units are the page's points as shown:
 * the geometry is turned from the items' frame, so a turned page shows each
 * item where the server will put it.
 */
export function ItemGraphic({ item, frame }: { item: PageItem; frame: PageFrame }) {
  const degrees = rotationOf(item);
  if (degrees === 0) return <UprightGraphic item={item} frame={frame} />;
  const shown = rectToShown(frame, itemBounds(item));
  return (
    <g transform={`rotate(${degrees} ${shown.x + shown.width / 2} ${shown.y + shown.height / 2})`}>
      <UprightGraphic item={item} frame={frame} />
    </g>
  );
}

/** Degrees clockwise as shown, for the kinds that turn; 0 for the others. */
export function rotationOf(item: PageItem): number {
  return 'rotation' in item && typeof item.rotation === 'number' ? item.rotation : 0;
}

function UprightGraphic({ item, frame }: { item: PageItem; frame: PageFrame }) {
  const colour = cssColour('color' in item ? item.color : undefined, DEFAULT_COLOURS[item.kind]);
  const shown = rectToShown(frame, itemBounds(item));
  const thickness = 'thickness' in item && item.thickness ? item.thickness : DEFAULT_THICKNESS;
  switch (item.kind) {
    case 'box':
      return <rect x={shown.x} y={shown.y} width={shown.width} height={shown.height} fill={colour} />;
    case 'rectangle':
      return (
        <rect
          x={shown.x}
          y={shown.y}
          width={shown.width}
          height={shown.height}
          fill={item.fill ? cssColour(item.fill, 'none') : 'none'}
          stroke={colour}
          strokeWidth={thickness}
        />
      );
    case 'ellipse':
      return (
        <ellipse
          cx={shown.x + shown.width / 2}
          cy={shown.y + shown.height / 2}
          rx={shown.width / 2}
          ry={shown.height / 2}
          fill={item.fill ? cssColour(item.fill, 'none') : 'none'}
          stroke={colour}
          strokeWidth={thickness}
        />
      );
    case 'line':
    case 'arrow': {
      const [x1, y1] = toShown(frame, [item.x, item.y]);
      const [x2, y2] = toShown(frame, [item.x + item.width, item.y + item.height]);
      const angle = Math.atan2(y2 - y1, x2 - x1);
      const head = Math.max(6, thickness * 4);
      const wing = (side: number) => `${x2 - head * Math.cos(angle + side * 0.45)} ${y2 - head * Math.sin(angle + side * 0.45)}`;
      return (
        <g stroke={colour} strokeWidth={thickness} strokeLinecap="round" fill="none">
          <line x1={x1} y1={y1} x2={x2} y2={y2} />
          {item.kind === 'arrow' && <path d={`M${wing(1)} L${x2} ${y2} L${wing(-1)}`} strokeLinejoin="round" />}
        </g>
      );
    }
    case 'ink':
      return (
        <g stroke={colour} strokeWidth={thickness} strokeLinecap="round" strokeLinejoin="round" fill="none">
          {item.strokes.map((stroke, index) => (
            <path key={index} d={strokePath(stroke.map((point) => toShown(frame, point)))} />
          ))}
        </g>
      );
    case 'highlight':
      return (
        <rect
          x={shown.x}
          y={shown.y}
          width={shown.width}
          height={shown.height}
          fill={colour}
          opacity={item.opacity ?? 0.4}
          style={{ mixBlendMode: 'multiply' }}
        />
      );
    case 'underline': {
      const y = frame.rotation % 180 === 0 ? (frame.rotation === 0 ? shown.y + shown.height : shown.y) : undefined;
      return y === undefined ? (
        <line
          x1={frame.rotation === 90 ? shown.x : shown.x + shown.width}
          y1={shown.y}
          x2={frame.rotation === 90 ? shown.x : shown.x + shown.width}
          y2={shown.y + shown.height}
          stroke={colour}
          strokeWidth={1.5}
        />
      ) : (
        <line x1={shown.x} y1={y} x2={shown.x + shown.width} y2={y} stroke={colour} strokeWidth={1.5} />
      );
    }
    case 'strikeout':
      return frame.rotation % 180 === 0 ? (
        <line x1={shown.x} y1={shown.y + shown.height / 2} x2={shown.x + shown.width} y2={shown.y + shown.height / 2} stroke={colour} strokeWidth={1.5} />
      ) : (
        <line x1={shown.x + shown.width / 2} y1={shown.y} x2={shown.x + shown.width / 2} y2={shown.y + shown.height} stroke={colour} strokeWidth={1.5} />
      );
    case 'note':
      return (
        <g>
          <rect x={shown.x} y={shown.y} width={shown.width} height={shown.height} rx={2} fill={colour} stroke="#5d4037" strokeWidth={0.75} />
          <path
            d={`M${shown.x + shown.width * 0.22} ${shown.y + shown.height * 0.35} h${shown.width * 0.56} M${shown.x + shown.width * 0.22} ${shown.y + shown.height * 0.55} h${shown.width * 0.4}`}
            stroke="#5d4037"
            strokeWidth={1}
          />
        </g>
      );
    case 'image':
      return <image href={item.image} x={shown.x} y={shown.y} width={shown.width} height={shown.height} preserveAspectRatio="none" />;
    case 'text':
      return (
        <foreignObject x={shown.x} y={shown.y} width={shown.width} height={shown.height}>
          <div
            className="page-workspace__text"
            style={{
              fontFamily: FONT_FAMILIES[item.font ?? 'sans'],
              fontSize: item.fontSize ?? DEFAULT_FONT_SIZE,
              color: colour,
              textAlign: item.align ?? 'left',
            }}
          >
            {item.text}
          </div>
        </foreignObject>
      );
  }
}
