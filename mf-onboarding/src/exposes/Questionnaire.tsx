import { QuestionnairePage } from '../features/questionnaire/questionnaire-page';

export default function Questionnaire() {
  return <QuestionnairePage />;
}
