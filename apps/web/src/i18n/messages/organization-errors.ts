import { defineMessages } from '../define-messages.ts';

/**
 * Words for the organization refusals that name what the caller's role does not allow, and the
 * limits an organization meets (lib/error-words.ts; the rest are in organization.ts).
 */
export const organizationErrorMessages = defineMessages({
  en: {
    'org.error.mayNotCreate': 'You are not allowed to create organizations on this server.',
    'org.error.orgLimit': 'You have reached the number of organizations this server allows.',
    'org.error.twoFactorRequired':
      'This organization requires two-factor authentication: turn it on in Security to continue.',
    'org.error.mayNotUpdate': 'Your role does not allow changing this organization.',
    'org.error.mayNotDelete': 'Your role does not allow deleting this organization.',
    'org.error.deletionDisabled': 'Deleting organizations is turned off on this server.',
    'org.error.mayNotAccess': 'Your role does not allow this in this organization.',
    'org.error.mayNotRemoveMember': 'Your role does not allow removing this member.',
    'org.error.mayNotUpdateMember': 'Your role does not allow changing this member’s role.',
    'org.error.mayNotInvite': 'Your role does not allow inviting people to this organization.',
    'org.error.mayNotInviteWithRole': 'Your role does not allow inviting someone with this role.',
    'org.error.mayNotCancelInvitation': 'Your role does not allow cancelling this invitation.',
    'org.error.mayNotSeeInvitations': 'Your role does not allow seeing this organization’s invitations.',
    'org.error.teamGone': 'This team no longer exists.',
    'org.error.teamLimit': 'This organization has as many teams as allowed. Delete one first.',
    'org.error.mayNotCreateTeam': 'Your role does not allow creating teams.',
    'org.error.mayNotDeleteTeam': 'Your role does not allow deleting teams.',
    'org.error.mayNotUpdateTeam': 'Your role does not allow renaming this team.',
    'org.error.mayNotAddTeamMember': 'Your role does not allow adding people to teams.',
    'org.error.mayNotRemoveTeamMember': 'Your role does not allow removing people from teams.',
    'org.error.notOnTeam': 'This person is not on this team.',
    'org.error.noActiveTeam': 'Pick a team first.',
    'org.error.invalidTeam': 'This team cannot be used: its id holds a reserved character.',
    'org.error.mayNotCreateRole': 'Your role does not allow creating roles.',
    'org.error.mayNotUpdateRole': 'Your role does not allow changing roles.',
    'org.error.mayNotDeleteRole': 'Your role does not allow deleting roles.',
    'org.error.mayNotSeeRoles': 'Your role does not allow seeing this organization’s roles.',
    'org.error.roleLimit': 'This organization has as many custom roles as allowed. Delete one first.',
    'org.error.invalidPermission': 'One of the chosen permissions does not exist on this server.',
    'org.error.builtInRole': 'Built-in roles cannot be deleted.',
    'org.error.roleBroken': 'This role’s permissions are not valid. Ask an owner to correct the role.',
  },
  de: {
    'org.error.mayNotCreate': 'Sie dürfen auf diesem Server keine Organisationen anlegen.',
    'org.error.orgLimit': 'Sie haben die auf diesem Server erlaubte Zahl an Organisationen erreicht.',
    'org.error.twoFactorRequired':
      'Diese Organisation verlangt die Zwei-Faktor-Authentifizierung: Schalten Sie sie unter Sicherheit ein, um fortzufahren.',
    'org.error.mayNotUpdate': 'Ihre Rolle erlaubt es nicht, diese Organisation zu ändern.',
    'org.error.mayNotDelete': 'Ihre Rolle erlaubt es nicht, diese Organisation zu löschen.',
    'org.error.deletionDisabled': 'Das Löschen von Organisationen ist auf diesem Server abgeschaltet.',
    'org.error.mayNotAccess': 'Ihre Rolle erlaubt das in dieser Organisation nicht.',
    'org.error.mayNotRemoveMember': 'Ihre Rolle erlaubt es nicht, dieses Mitglied zu entfernen.',
    'org.error.mayNotUpdateMember': 'Ihre Rolle erlaubt es nicht, die Rolle dieses Mitglieds zu ändern.',
    'org.error.mayNotInvite': 'Ihre Rolle erlaubt es nicht, Personen in diese Organisation einzuladen.',
    'org.error.mayNotInviteWithRole': 'Ihre Rolle erlaubt es nicht, jemanden mit dieser Rolle einzuladen.',
    'org.error.mayNotCancelInvitation': 'Ihre Rolle erlaubt es nicht, diese Einladung zurückzuziehen.',
    'org.error.mayNotSeeInvitations':
      'Ihre Rolle erlaubt es nicht, die Einladungen dieser Organisation zu sehen.',
    'org.error.teamGone': 'Dieses Team gibt es nicht mehr.',
    'org.error.teamLimit':
      'Diese Organisation hat bereits so viele Teams wie erlaubt. Löschen Sie zuerst eines.',
    'org.error.mayNotCreateTeam': 'Ihre Rolle erlaubt es nicht, Teams anzulegen.',
    'org.error.mayNotDeleteTeam': 'Ihre Rolle erlaubt es nicht, Teams zu löschen.',
    'org.error.mayNotUpdateTeam': 'Ihre Rolle erlaubt es nicht, dieses Team umzubenennen.',
    'org.error.mayNotAddTeamMember': 'Ihre Rolle erlaubt es nicht, Personen zu Teams hinzuzufügen.',
    'org.error.mayNotRemoveTeamMember': 'Ihre Rolle erlaubt es nicht, Personen aus Teams zu entfernen.',
    'org.error.notOnTeam': 'Diese Person gehört nicht zu diesem Team.',
    'org.error.noActiveTeam': 'Wählen Sie zuerst ein Team.',
    'org.error.invalidTeam':
      'Dieses Team kann nicht verwendet werden: Seine ID enthält ein reserviertes Zeichen.',
    'org.error.mayNotCreateRole': 'Ihre Rolle erlaubt es nicht, Rollen anzulegen.',
    'org.error.mayNotUpdateRole': 'Ihre Rolle erlaubt es nicht, Rollen zu ändern.',
    'org.error.mayNotDeleteRole': 'Ihre Rolle erlaubt es nicht, Rollen zu löschen.',
    'org.error.mayNotSeeRoles': 'Ihre Rolle erlaubt es nicht, die Rollen dieser Organisation zu sehen.',
    'org.error.roleLimit':
      'Diese Organisation hat bereits so viele eigene Rollen wie erlaubt. Löschen Sie zuerst eine.',
    'org.error.invalidPermission': 'Eine der gewählten Berechtigungen gibt es auf diesem Server nicht.',
    'org.error.builtInRole': 'Eingebaute Rollen können nicht gelöscht werden.',
    'org.error.roleBroken':
      'Die Berechtigungen dieser Rolle sind ungültig. Bitten Sie eine Inhaberin oder einen Inhaber, die Rolle zu korrigieren.',
  },
  fr: {
    'org.error.mayNotCreate': 'Vous n’êtes pas autorisé à créer des organisations sur ce serveur.',
    'org.error.orgLimit': 'Vous avez atteint le nombre d’organisations autorisé sur ce serveur.',
    'org.error.twoFactorRequired':
      'Cette organisation exige l’authentification à deux facteurs : activez-la dans Sécurité pour continuer.',
    'org.error.mayNotUpdate': 'Votre rôle ne permet pas de modifier cette organisation.',
    'org.error.mayNotDelete': 'Votre rôle ne permet pas de supprimer cette organisation.',
    'org.error.deletionDisabled': 'La suppression d’organisations est désactivée sur ce serveur.',
    'org.error.mayNotAccess': 'Votre rôle ne le permet pas dans cette organisation.',
    'org.error.mayNotRemoveMember': 'Votre rôle ne permet pas de retirer ce membre.',
    'org.error.mayNotUpdateMember': 'Votre rôle ne permet pas de modifier le rôle de ce membre.',
    'org.error.mayNotInvite': 'Votre rôle ne permet pas d’inviter des personnes dans cette organisation.',
    'org.error.mayNotInviteWithRole': 'Votre rôle ne permet pas d’inviter quelqu’un avec ce rôle.',
    'org.error.mayNotCancelInvitation': 'Votre rôle ne permet pas d’annuler cette invitation.',
    'org.error.mayNotSeeInvitations':
      'Votre rôle ne permet pas de voir les invitations de cette organisation.',
    'org.error.teamGone': 'Cette équipe n’existe plus.',
    'org.error.teamLimit':
      'Cette organisation a déjà autant d’équipes qu’autorisé. Supprimez-en une d’abord.',
    'org.error.mayNotCreateTeam': 'Votre rôle ne permet pas de créer des équipes.',
    'org.error.mayNotDeleteTeam': 'Votre rôle ne permet pas de supprimer des équipes.',
    'org.error.mayNotUpdateTeam': 'Votre rôle ne permet pas de renommer cette équipe.',
    'org.error.mayNotAddTeamMember': 'Votre rôle ne permet pas d’ajouter des personnes aux équipes.',
    'org.error.mayNotRemoveTeamMember': 'Votre rôle ne permet pas de retirer des personnes des équipes.',
    'org.error.notOnTeam': 'Cette personne ne fait pas partie de cette équipe.',
    'org.error.noActiveTeam': 'Choisissez d’abord une équipe.',
    'org.error.invalidTeam':
      'Cette équipe ne peut pas être utilisée : son identifiant contient un caractère réservé.',
    'org.error.mayNotCreateRole': 'Votre rôle ne permet pas de créer des rôles.',
    'org.error.mayNotUpdateRole': 'Votre rôle ne permet pas de modifier des rôles.',
    'org.error.mayNotDeleteRole': 'Votre rôle ne permet pas de supprimer des rôles.',
    'org.error.mayNotSeeRoles': 'Votre rôle ne permet pas de voir les rôles de cette organisation.',
    'org.error.roleLimit':
      'Cette organisation a déjà autant de rôles personnalisés qu’autorisé. Supprimez-en un d’abord.',
    'org.error.invalidPermission': 'L’une des autorisations choisies n’existe pas sur ce serveur.',
    'org.error.builtInRole': 'Les rôles intégrés ne peuvent pas être supprimés.',
    'org.error.roleBroken':
      'Les autorisations de ce rôle ne sont pas valides. Demandez à un propriétaire de corriger le rôle.',
  },
});
