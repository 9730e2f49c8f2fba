import { apply } from '../../page-marks/geometry';
import { MAX_TILES_PER_PAGE, tileMatrices } from './watermark-tiles';

/** Centre of each copy on the page. */
const centres = (matrices: ReturnType<typeof tileMatrices>, box: { width: number; height: number }) =>
  matrices.map((m) => apply(m, box.width / 2, box.height / 2));

describe('watermark tiles', () => {
  const page = { width: 400, height: 500 };
  const box = { width: 80, height: 20 };

  it('fills the page with a centred grid of cells, the watermark and its spacers wide and high', () => {
    const matrices = tileMatrices(page, box, { rotation: 0, widthSpacer: 20, heightSpacer: 30 });
    // 400 / 100 = 4 columns, 500 / 50 = 10 rows.
    expect(matrices).toHaveLength(40);
    const points = centres(matrices, box);
    expect(points[0][0]).toBeCloseTo(50);
    expect(points[0][1]).toBeCloseTo(25);
    expect(points[points.length - 1][0]).toBeCloseTo(350);
    expect(points[points.length - 1][1]).toBeCloseTo(475);
  });

  it('sizes cells by the turned watermark, so turned copies never overlap', () => {
    const matrices = tileMatrices(page, box, { rotation: 90, widthSpacer: 0, heightSpacer: 0 });
    const points = centres(matrices, box);
    // Turned a quarter, the copy is 20 wide and 80 high: 20 columns, 7 rows (the grid reaches past the edges).
    expect(matrices).toHaveLength(20 * 7);
    expect(points[1][0] - points[0][0]).toBeCloseTo(20);
    expect(points[20][1] - points[0][1]).toBeCloseTo(80);
    // And each copy turns about its own centre: (0, 0) of the box lands right of the centre, below it.
    const [x, y] = apply(matrices[0], 0, 0);
    expect(x - points[0][0]).toBeCloseTo(10);
    expect(y - points[0][1]).toBeCloseTo(-40);
  });

  it('refuses more copies than a page can hold', () => {
    expect(() => tileMatrices({ width: 14400, height: 14400 }, { width: 1, height: 1 }, { rotation: 0, widthSpacer: 0, heightSpacer: 0 })).toThrow(
      `at most ${MAX_TILES_PER_PAGE} copies fit`,
    );
  });
});
