// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
extension LocationService {
    /// The simulated device, user and app settings.
    public struct Configuration: Sendable, Equatable {
        /// The app's authorization stored in Settings at launch (`--authorization`); `notDetermined` lets it prompt.
        public var initialStatus: AuthorizationStatus
        /// Whether Precise Location is on for the app at launch (`--accuracy`).
        public var initialAccuracy: LocationAccuracy
        /// Whether Location Services are on for the whole device at launch (`--services`); off, the app sees `denied`.
        public var servicesEnabled: Bool
        /// The simulated person's answers to the permission prompt, in turn: the first time
        /// it shows, the second (after an Allow Once grant has expired, say), and so on; the
        /// last answers every later one. Never empty.
        public var promptAnswers: [PromptAnswer]
        /// The answer to the one-time offer to upgrade when-in-use to always.
        public var alwaysUpgradeAnswer: PromptAnswer
        /// Minimum distance between delivered fixes; nil delivers every fix.
        public var distanceFilterMeters: Double?
        /// The answer to a request for temporary full accuracy (`allow`, or `deny`).
        public var temporaryFullAccuracyAnswer: PromptAnswer = .allow
        /// What the app's Info.plist holds (complete by default: see ``InfoPlist``).
        public var infoPlist = InfoPlist()

        /// A new install on a device with Location Services on: not determined, precise, every prompt allowed,
        /// no distance filter, unless the arguments say otherwise.
        public init(
            initialStatus: AuthorizationStatus = .notDetermined,
            initialAccuracy: LocationAccuracy = .full, servicesEnabled: Bool = true,
            promptAnswer: PromptAnswer = .allow, alwaysUpgradeAnswer: PromptAnswer = .allow,
            distanceFilterMeters: Double? = nil
        ) {
            self.initialStatus = initialStatus
            self.initialAccuracy = initialAccuracy
            self.servicesEnabled = servicesEnabled
            promptAnswers = [promptAnswer]
            self.alwaysUpgradeAnswer = alwaysUpgradeAnswer
            self.distanceFilterMeters = distanceFilterMeters
        }

        /// The answer to the first prompt; setting it answers every prompt so.
        public var promptAnswer: PromptAnswer {
            get { promptAnswers.first ?? .allow }
            set { promptAnswers = [newValue] }
        }

        /// The answer to the permission prompt shown `earlier` times before.
        func answer(toPromptAfter earlier: Int) -> PromptAnswer {
            guard let last = promptAnswers.last else { return .allow }
            return earlier < promptAnswers.count ? promptAnswers[earlier] : last
        }
    }
}
