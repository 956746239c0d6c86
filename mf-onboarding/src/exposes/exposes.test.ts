// The shell renders these by name (its route table): each default-exports a component
// that needs no props.
import Onboarding from './Onboarding';
import Profile from './Profile';
import Questionnaire from './Questionnaire';

test.each([
  ['Onboarding', Onboarding],
  ['Questionnaire', Questionnaire],
  ['Profile', Profile],
])('%s is a component without required props', (_name, Component) => {
  expect(typeof Component).toBe('function');
  expect(Component.length).toBe(0);
});
