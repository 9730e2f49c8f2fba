import { describeQaMatrixSlice } from './qa-matrix-slice';

/** One category's slice of the QA matrix: qa-matrix-slice.ts says why the matrix is cut, and how. */
describeQaMatrixSlice('edit');
