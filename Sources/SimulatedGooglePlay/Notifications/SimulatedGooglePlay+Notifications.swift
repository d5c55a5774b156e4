extension SimulatedGooglePlay {
    /// Hands out the developer notifications due for delivery to the push endpoint, as Pub/Sub pushes:
    /// first every event not yet published becomes its notification (``DeveloperNotification/init(_:packageName:voided:)``),
    /// then the messages due by the clock are handed out.
    ///
    /// Each message handed out must be answered: ``acknowledgePush(_:)`` when the endpoint answered 2xx,
    /// ``rejectPush(_:)`` otherwise. One left unanswered is due again after the acknowledgement deadline
    /// (``PlayPushOutbox/Settings/ackDeadlineSeconds``); a redelivery carries the same message id and body.
    /// With ``PlayPushOutbox/Settings/duplicateChance`` a message may be in the batch twice, and with
    /// ``PlayPushOutbox/Settings/reorders`` the batch is shuffled.
    ///
    /// - Parameter limit: the most messages to hand out (duplicates not counted).
    /// - Returns: the messages to deliver, in delivery order.
    public func takeDuePushes(limit: Int = 1000) -> [PlayPush] {
        publishNotifications()
        return state.notifications.takeDue(at: now, limit: max(0, limit))
    }

    /// The messages published and not yet acknowledged, in publishing order (publishing what events
    /// came first); reading them hands nothing out.
    public func pendingPushes() -> [PlayPush] {
        publishNotifications()
        return state.notifications.pending
    }

    /// The push endpoint acknowledged the message (a 2xx answer): it is not delivered again.
    ///
    /// - Parameter messageId: the message's id.
    /// - Returns: whether the message was waiting (false for one acknowledged already).
    @discardableResult
    public func acknowledgePush(_ messageId: String) -> Bool {
        state.notifications.acknowledge(messageId)
    }

    /// The push endpoint refused the message (any answer but 2xx, or none): it is due again after Pub/Sub's
    /// backoff (``PlayPushOutbox/Settings/minimumBackoffSeconds``, doubling with each attempt).
    ///
    /// - Parameter messageId: the message's id.
    /// - Returns: whether the message was waiting (false for one acknowledged already).
    @discardableResult
    public func rejectPush(_ messageId: String) -> Bool {
        state.notifications.reject(messageId, at: now)
    }

    /// Publishes a test notification now, as the Play Console's "Send test notification" does.
    ///
    /// - Returns: its message.
    @discardableResult
    public func publishTestNotification() -> PlayPush {
        publishNotifications()
        return state.notifications.publish(.test(packageName: packageName, time: now), at: now)
    }

    /// Changes how the subscription delivers (duplicates, shuffling, deadlines, its name).
    ///
    /// - Parameter change: what to change.
    public func updatePushDelivery(_ change: @Sendable (inout PlayPushOutbox.Settings) -> Void) {
        change(&state.notifications.settings)
    }

    /// Settles what came due, then publishes the notification of every event not yet published, in order.
    func publishNotifications() {
        settleDueChanges()
        var outbox = state.notifications
        // Events are numbered from 1 in order, so the unpublished ones start at index `publishedThrough`.
        for event in state.events[min(state.events.count, max(0, outbox.publishedThrough))...] {
            var voided: PlayVoidedPurchase?
            if event.kind == .voided, outbox.voidedPublished < state.voidedPurchases.count {
                voided = state.voidedPurchases[outbox.voidedPublished]
                outbox.voidedPublished += 1
            }
            if let notification = DeveloperNotification(event, packageName: packageName, voided: voided) {
                outbox.publish(notification, at: event.time)
            }
            outbox.publishedThrough = event.sequence
        }
        state.notifications = outbox
    }
}
