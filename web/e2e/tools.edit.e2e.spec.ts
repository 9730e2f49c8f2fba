import { describeToolScenarios } from './tool-scenarios';

/** One category's slice of the tools' browser scenarios: tool-scenarios.ts says why they are cut, and how. */
describeToolScenarios('edit');
